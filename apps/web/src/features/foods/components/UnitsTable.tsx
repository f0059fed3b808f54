import type { IngredientUnit } from '@larder/contracts'
import { Text } from '@mantine/core'
import { IconArrowsJoin, IconCheck, IconSeedling } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import { useDeleteUnit, useEveryUnit, useMergeUnits, useUnits } from '@/features/foods/api/units'
import { DataActions } from '@/components/data-table/DataActions'
import { MergeDialog } from './MergeDialog'
import { SeedDialog } from './SeedDialog'
import { useMergeOpening } from './use-merge-opening'
import { UnitForm } from './UnitForm'

/** A yes for a boolean column, read out as words. */
function YesNo({ value }: { value: boolean }) {
  const { t } = useStrings('organize')
  return value ? (
    <IconCheck size={18} aria-label={t('common.yes')} role="img" />
  ) : (
    <Text span size="sm" c="dimmed">
      {t('common.no')}
    </Text>
  )
}

/**
 * `/group/data/units`: the group's units with abbreviations and aliases; merge two (from the menu, a row or the
 * selection); seed a language's list.
 */
export function UnitsTable() {
  const { t } = useStrings('organize')
  const state = useDataTableState()
  const units = useUnits(state.params)
  const remove = useDeleteUnit()
  const [editing, setEditing] = useState<IngredientUnit | null | undefined>(undefined)
  const [dialog, setDialog] = useState<'merge' | 'seed' | null>(null)
  const mergeOpening = useMergeOpening<IngredientUnit>('units', () => setDialog('merge'))
  const every = useEveryUnit(dialog === 'merge')
  const merge = useMergeUnits()

  const columns: DataColumn<IngredientUnit>[] = [
    { id: 'name', label: t('units.name'), sortBy: 'name', render: (unit) => unit.name },
    {
      id: 'pluralName',
      label: t('units.pluralName'),
      sortBy: 'plural_name',
      render: (unit) => unit.pluralName || '—',
    },
    {
      id: 'abbreviation',
      label: t('units.abbreviation'),
      sortBy: 'abbreviation',
      render: (unit) => [unit.abbreviation, unit.pluralAbbreviation].filter((value) => value).join(' / ') || '—',
    },
    {
      id: 'useAbbreviation',
      label: t('units.useAbbreviationShort'),
      visibleFrom: 'md',
      render: (unit) => <YesNo value={unit.useAbbreviation} />,
    },
    {
      id: 'fraction',
      label: t('units.fractionShort'),
      visibleFrom: 'md',
      render: (unit) => <YesNo value={unit.fraction} />,
    },
    {
      id: 'aliases',
      label: t('units.aliases'),
      visibleFrom: 'lg',
      render: (unit) => unit.aliases.map((alias) => alias.name).join(', ') || '—',
    },
  ]

  return (
    <>
      <DataTable
        label={t('pages.dataUnits.title')}
        columns={columns}
        state={state}
        list={units}
        nameOf={(unit) => unit.name}
        searchPlaceholder={t('units.search')}
        empty={t('units.empty')}
        onEdit={setEditing}
        moreRowActions={[mergeOpening.rowAction]}
        selectionActions={mergeOpening.selectionAction}
        deleteItem={remove.deleteOne}
        afterDelete={remove.refresh}
        deleteNote={t('units.deleteNote')}
        data-testid="units-table"
        actions={
          <DataActions
            createLabel={t('units.create')}
            onCreate={() => setEditing(null)}
            more={[
              {
                label: t('merge.units.title'),
                icon: <IconArrowsJoin size={16} />,
                onClick: mergeOpening.open,
              },
              {
                label: t('seed.units.title'),
                icon: <IconSeedling size={16} />,
                onClick: () => setDialog('seed'),
              },
            ]}
          />
        }
      />
      {editing !== undefined && (
        <UnitForm key={editing?.id ?? 'new'} opened unit={editing} onClose={() => setEditing(undefined)} />
      )}
      <MergeDialog
        key={mergeOpening.key}
        initialSourceId={mergeOpening.initialSourceId}
        initialTargetId={mergeOpening.initialTargetId}
        opened={dialog === 'merge'}
        kind="units"
        items={every.data?.items ?? []}
        loading={every.isPending}
        merging={merge.isPending}
        onClose={() => setDialog(null)}
        onMerge={(fromUnit, toUnit) => merge.mutateAsync({ fromUnit, toUnit })}
      />
      <SeedDialog opened={dialog === 'seed'} kind="units" onClose={() => setDialog(null)} />
    </>
  )
}
