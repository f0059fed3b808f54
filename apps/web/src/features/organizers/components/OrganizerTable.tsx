import { Button, Group, SegmentedControl } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { DeleteDialog } from '@/components/data-table/DeleteDialog'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import {
  useDeleteOrganizer,
  useOrganizers,
  useUnusedOrganizers,
  type Organizer,
  type OrganizerKind,
} from '@/features/organizers/api/organizers'
import { DataActions } from '@/components/data-table/DataActions'
import { OrganizerForm } from './OrganizerForm'
import { ToolOnHandSwitch } from './ToolOnHandSwitch'

/**
 * `/group/data/categories`, `/tags`, `/tools`: rename, create and delete; "Unused" shows the ones no recipe has
 * (`/empty`) and deletes them all at once.
 */
export function OrganizerTable({ kind }: { kind: OrganizerKind }) {
  const { t } = useStrings('organize')
  const state = useDataTableState()
  const [show, setShow] = useState<'all' | 'unused'>('all')
  const organizers = useOrganizers(kind, state.params)
  const unused = useUnusedOrganizers(kind, show === 'unused')
  const remove = useDeleteOrganizer(kind)
  const [editing, setEditing] = useState<Organizer | null | undefined>(undefined)
  const [clearing, setClearing] = useState<Organizer[] | null>(null)

  const columns: DataColumn<Organizer>[] = [
    { id: 'name', label: t('organizers.name'), sortBy: 'name', render: (organizer) => organizer.name },
    {
      id: 'slug',
      label: t('organizers.slug'),
      sortBy: 'slug',
      visibleFrom: 'md',
      render: (organizer) => organizer.slug,
    },
  ]
  if (kind === 'tools') {
    columns.push({
      id: 'onHand',
      label: t('organizers.onHandShort'),
      width: 96,
      render: (tool) => <ToolOnHandSwitch tool={tool} />,
    })
  }

  const unusedItems = unused.data ?? []
  const filters = (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <SegmentedControl
        size="xs"
        // No colour transition: mid-way its labels fail contrast (axe caught 1.9:1 on a loaded machine).
        transitionDuration={0}
        value={show}
        onChange={(value) => setShow(value === 'unused' ? 'unused' : 'all')}
        data={[
          { value: 'all', label: t('organizers.showAll') },
          { value: 'unused', label: t('organizers.showUnused') },
        ]}
        aria-label={t('organizers.show')}
      />
      {show === 'unused' && unusedItems.length > 0 && (
        <Button
          size="xs"
          color="error"
          variant="light"
          leftSection={<IconTrash size={14} />}
          onClick={() => setClearing(unusedItems)}
        >
          {t('organizers.deleteUnused', { number: unusedItems.length })}
        </Button>
      )}
    </Group>
  )

  return (
    <>
      <DataTable
        label={t(`organizers.${kind}.title`)}
        columns={columns}
        state={state}
        list={
          show === 'unused'
            ? {
                data: undefined,
                isPending: unused.isPending,
                isError: unused.isError,
                error: unused.error,
                refetch: unused.refetch,
              }
            : organizers
        }
        override={
          show === 'unused' && unused.data ? { items: unusedItems, empty: t('organizers.noUnused') } : undefined
        }
        nameOf={(organizer) => organizer.name}
        searchPlaceholder={t(`organizers.${kind}.search`)}
        empty={t(`organizers.${kind}.empty`)}
        onEdit={setEditing}
        deleteItem={remove.deleteOne}
        afterDelete={remove.refresh}
        deleteNote={t(`organizers.${kind}.deleteNote`)}
        filters={filters}
        data-testid={`${kind}-table`}
        actions={
          <DataActions createLabel={t(`organizers.${kind}.create`)} onCreate={() => setEditing(null)} more={[]} />
        }
      />
      {editing !== undefined && (
        <OrganizerForm
          key={editing?.id ?? 'new'}
          kind={kind}
          opened
          organizer={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <DeleteDialog
        items={clearing}
        title={t('organizers.deleteUnusedTitle')}
        message={t(`organizers.${kind}.deleteUnusedMessage`, { number: clearing?.length ?? 0 })}
        nameOf={(organizer) => organizer.name}
        deleteItem={remove.deleteOne}
        onClose={() => setClearing(null)}
        onDeleted={() => void remove.refresh()}
      />
    </>
  )
}
