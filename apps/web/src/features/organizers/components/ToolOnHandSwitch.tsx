import { Switch } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import { useToolOnHand, type Organizer } from '@/features/organizers/api/organizers'

/** Whether the caller's household has this tool, switched in place. */
export function ToolOnHandSwitch({ tool, withLabel = false }: { tool: Organizer; withLabel?: boolean }) {
  const { t } = useStrings('organize')
  const onHand = useToolOnHand()
  const checked = onHand.isPending ? onHand.variables.onHand : Boolean(tool.onHand)
  return (
    <Switch
      label={withLabel ? t('organizers.onHand') : undefined}
      aria-label={withLabel ? undefined : t('organizers.onHandFor', { name: tool.name })}
      checked={checked}
      disabled={onHand.isPending}
      onChange={(event) => onHand.mutate({ tool, onHand: event.currentTarget.checked })}
    />
  )
}
