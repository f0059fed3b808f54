import { Badge, Group } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { useStrings } from '@/i18n/use-strings'

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange)
const isOnline = () => onlineManager.isOnline()

/** Whether the browser has a network (TanStack's onlineManager follows navigator.onLine's events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true)
}

/**
 * "Offline" while there is no network, and the slot for the changes that wait to be sent: `waitingChanges` comes
 * from the offline write layer (its queue's length) once it exists; until then nothing waits outside TanStack's
 * paused mutations, and the slot shows only a count above zero.
 */
export function OfflineBadge(props: { waitingChanges?: number }) {
  const { t } = useStrings('shopping')
  const online = useOnline()
  const waiting = props.waitingChanges ?? 0
  if (online && waiting === 0) return null
  return (
    <Group gap={6} role="status" data-testid="offline-state">
      {!online && (
        <Badge color="warning" variant="light" leftSection={<IconCloudOff size={14} aria-hidden="true" />}>
          {t('shopping.offline')}
        </Badge>
      )}
      {waiting > 0 && (
        <Badge color="gray" variant="light" data-testid="waiting-changes">
          {t('shopping.waitingChanges', { count: waiting })}
        </Badge>
      )}
    </Group>
  )
}
