import { Button } from '@mantine/core'
import { IconArrowsJoin } from '@tabler/icons-react'
import { useState } from 'react'
import type { RowAction } from '@/components/data-table/DataTable'
import { useStrings } from '@/i18n/use-strings'

interface Mergeable {
  id: string
  name: string
}

/**
 * The three ways a foods or units table opens its MergeDialog: from the table's menu (nothing chosen), from a row
 * (that row goes), or from one or two selected rows (chosen in the order selected). Each opening gets its own `key`,
 * so the dialog remounts and starts from that opening's choice. `onOpen` shows the dialog.
 */
export function useMergeOpening<Item extends Mergeable>(kind: 'foods' | 'units', onOpen: () => void) {
  const { t } = useStrings('organize')
  const [start, setStart] = useState({ key: 0, sourceId: null as string | null, targetId: null as string | null })
  const open = (sourceId: string | null = null, targetId: string | null = null) => {
    setStart((current) => ({ key: current.key + 1, sourceId, targetId }))
    onOpen()
  }
  const rowAction: RowAction<Item> = {
    label: t('merge.confirm'),
    itemLabel: (item) => t(`merge.${kind}.mergeItem`, { name: item.name }),
    icon: <IconArrowsJoin size={18} />,
    onClick: (item) => open(item.id),
  }
  const selectionAction = (selection: Item[]) =>
    selection.length <= 2 && (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconArrowsJoin size={14} />}
        onClick={() => open(selection[0]?.id, selection[1]?.id)}
      >
        {t('merge.confirm')}
      </Button>
    )
  return {
    /** Opens the dialog with nothing chosen (the table's menu). */
    open: () => open(),
    rowAction,
    selectionAction,
    /** MergeDialog's `key`: a new one per opening. */
    key: start.key,
    initialSourceId: start.sourceId,
    initialTargetId: start.targetId,
  }
}
