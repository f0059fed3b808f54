import type { MultiPurposeLabel } from '@larder/contracts'
import { ColorSwatch, Group, Text } from '@mantine/core'
import { IconSeedling } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import { useDeleteLabel, useLabels } from '@/features/foods/api/labels'
import { DataActions } from '@/components/data-table/DataActions'
import { LabelBadge } from './LabelBadge'
import { LabelForm } from './LabelForm'
import { SeedDialog } from './SeedDialog'
import '@mantine/core/styles/ColorSwatch.css'

/** `/group/data/labels`: labels sort shopping lists into aisles; each shows its colour. */
export function LabelsTable() {
  const { t } = useStrings('organize')
  const state = useDataTableState()
  const labels = useLabels(state.params)
  const remove = useDeleteLabel()
  const [editing, setEditing] = useState<MultiPurposeLabel | null | undefined>(undefined)
  const [seeding, setSeeding] = useState(false)

  const columns: DataColumn<MultiPurposeLabel>[] = [
    { id: 'name', label: t('labels.name'), sortBy: 'name', render: (label) => <LabelBadge label={label} /> },
    {
      id: 'color',
      label: t('labels.color'),
      sortBy: 'color',
      render: (label) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={label.color} size={18} aria-hidden />
          <Text size="sm" ff="monospace">
            {label.color}
          </Text>
        </Group>
      ),
    },
  ]

  return (
    <>
      <DataTable
        label={t('pages.dataLabels.title')}
        columns={columns}
        state={state}
        list={labels}
        nameOf={(label) => label.name}
        searchPlaceholder={t('labels.search')}
        empty={t('labels.empty')}
        onEdit={setEditing}
        deleteItem={remove.deleteOne}
        afterDelete={remove.refresh}
        deleteNote={t('labels.deleteNote')}
        data-testid="labels-table"
        actions={
          <DataActions
            createLabel={t('labels.create')}
            onCreate={() => setEditing(null)}
            more={[
              {
                label: t('seed.labels.title'),
                icon: <IconSeedling size={16} />,
                onClick: () => setSeeding(true),
              },
            ]}
          />
        }
      />
      {editing !== undefined && (
        <LabelForm key={editing?.id ?? 'new'} opened label={editing} onClose={() => setEditing(undefined)} />
      )}
      <SeedDialog opened={seeding} kind="labels" onClose={() => setSeeding(false)} />
    </>
  )
}
