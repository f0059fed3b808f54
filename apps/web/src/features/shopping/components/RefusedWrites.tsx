import type { ShoppingListItemOut } from '@larder/contracts'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useOfflineWrites, type RefusedWrite } from '@/api/offline'
import { useStrings } from '@/i18n/use-strings'

/** The lines a refused write was about, when it was about lines (to name them, and to make them again). */
function linesOf(write: RefusedWrite): ShoppingListItemOut[] {
  const input = write.input as { item?: ShoppingListItemOut; items?: ShoppingListItemOut[] }
  return input.items ?? (input.item ? [input.item] : [])
}

const lineText = (item: ShoppingListItemOut) =>
  [item.quantity ? String(item.quantity) : '', item.unit?.name ?? '', item.food?.name ?? '', item.note]
    .filter(Boolean)
    .join(' ')

/**
 * The shopping writes the server refused, each with the server's reason and "Dismiss": nothing made offline is
 * dropped without the person seeing it. An edit or a check of a line someone else deleted meanwhile (410: the delete
 * wins) says so, and offers "Undo", which makes the line again on the list.
 */
export function RefusedWrites(props: {
  /** Which refused writes this screen shows (its list's, or the index's). */
  shows: (write: RefusedWrite) => boolean
  /** Makes a deleted line again (the list screen): offered on a 410. */
  recreate?: (item: ShoppingListItemOut) => void
}) {
  const { t } = useStrings('shopping')
  const { refused, dismiss } = useOfflineWrites()
  const shown = refused.filter((write) => write.key.startsWith('shopping.') && props.shows(write))
  if (shown.length === 0) return null
  return (
    <Stack gap="xs" data-testid="refused-writes">
      {shown.map((write) => {
        const lines = linesOf(write)
        const deleted = write.status === 410 && lines.length > 0
        return (
          <Alert
            key={write.id}
            color="warning"
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            role="alert"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {deleted
                  ? t('shopping.refused.deleted', { item: lines.map(lineText).join(', ') })
                  : t('shopping.refused.reason', { reason: write.reason })}
              </Text>
              <Group gap={4} wrap="nowrap">
                {deleted && props.recreate && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => {
                      for (const line of lines) props.recreate!(line)
                      dismiss(write.id)
                    }}
                  >
                    {t('shopping.undo')}
                  </Button>
                )}
                <Button size="compact-sm" variant="subtle" color="gray" onClick={() => dismiss(write.id)}>
                  {t('shopping.refused.dismiss')}
                </Button>
              </Group>
            </Group>
          </Alert>
        )
      })}
    </Stack>
  )
}
