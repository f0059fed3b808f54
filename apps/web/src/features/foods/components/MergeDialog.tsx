import { Alert, Button, Select, Stack, Text } from '@mantine/core'
import { IconArrowsJoin } from '@tabler/icons-react'
import { useState } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'

interface Mergeable {
  id: string
  name: string
}

/**
 * Merges one food or unit into another: pick the one that goes (source) and the one that stays (target); the
 * dialog says in a sentence what will happen before anything is sent. Opened from a row, that row is the one that
 * goes and focus starts on the one that stays.
 */
export function MergeDialog(props: {
  opened: boolean
  kind: 'foods' | 'units'
  items: Mergeable[]
  loading: boolean
  merging: boolean
  onClose: () => void
  onMerge: (sourceId: string, targetId: string) => Promise<unknown>
  /** Chosen already when the dialog opens (from a row, or the two selected rows); read on mount only. */
  initialSourceId?: string | null
  initialTargetId?: string | null
}) {
  const { t } = useStrings('organize')
  // Focus goes to the first choice still open. Both chosen (two selected rows): the Merge button, since a searchable
  // select opens its list on focus and would cover the summary and the buttons.
  const focus = !props.initialSourceId ? 'source' : !props.initialTargetId ? 'target' : 'confirm'
  const [sourceId, setSourceId] = useState<string | null>(props.initialSourceId ?? null)
  const [targetId, setTargetId] = useState<string | null>(props.initialTargetId ?? null)
  const source = props.items.find((item) => item.id === sourceId)
  const target = props.items.find((item) => item.id === targetId)
  const options = (exclude: string | null) =>
    props.items.filter((item) => item.id !== exclude).map((item) => ({ value: item.id, label: item.name }))
  const close = () => {
    setSourceId(null)
    setTargetId(null)
    props.onClose()
  }
  const merge = () => {
    if (!source || !target) return
    props.onMerge(source.id, target.id).then(close, () => undefined)
  }
  return (
    <DialogShell opened={props.opened} onClose={close} title={t(`merge.${props.kind}.title`)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`merge.${props.kind}.intro`)}
        </Text>
        <Select
          label={t(`merge.${props.kind}.source`)}
          placeholder={props.loading ? t('common.loading') : t('merge.pick')}
          searchable
          data={options(targetId)}
          value={sourceId}
          onChange={setSourceId}
          nothingFoundMessage={t('merge.nothingFound')}
          data-autofocus={focus === 'source' || undefined}
        />
        <Select
          label={t(`merge.${props.kind}.target`)}
          placeholder={props.loading ? t('common.loading') : t('merge.pick')}
          searchable
          data={options(sourceId)}
          value={targetId}
          onChange={setTargetId}
          nothingFoundMessage={t('merge.nothingFound')}
          data-autofocus={focus === 'target' || undefined}
        />
        {source && target && (
          <Alert color="warning" variant="light" icon={<IconArrowsJoin size={18} />} data-testid="merge-summary">
            {t(`merge.${props.kind}.summary`, { source: source.name, target: target.name })}
          </Alert>
        )}
        <DialogActions onCancel={close}>
          <Button
            color="warning"
            data-autofocus={focus === 'confirm' || undefined}
            disabled={!source || !target}
            loading={props.merging}
            onClick={merge}
            leftSection={<IconArrowsJoin size={16} />}
          >
            {t('merge.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogShell>
  )
}
