import type { IngredientFood } from '@larder/contracts'
import { Switch, Text } from '@mantine/core'
import { IconArrowsJoin, IconSeedling } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import { foodBody, useDeleteFood, useEveryFood, useFoods, useMergeFoods, useSaveFood } from '@/features/foods/api/foods'
import { DataActions } from '@/components/data-table/DataActions'
import { FoodForm } from './FoodForm'
import { LabelBadge } from './LabelBadge'
import { MergeDialog } from './MergeDialog'
import { SeedDialog } from './SeedDialog'
import { useMergeOpening } from './use-merge-opening'

/** On hand for the caller's household, switched right in the row (PUT replaces the food, so it sends all of it). */
function OnHandSwitch({ food }: { food: IngredientFood }) {
  const { t } = useStrings('organize')
  const save = useSaveFood()
  return (
    <Switch
      aria-label={t('foods.onHandFor', { name: food.name })}
      checked={food.onHand}
      disabled={save.isPending}
      onChange={(event) =>
        save.mutate({ id: food.id, body: { ...foodBody(food), onHand: event.currentTarget.checked } })
      }
    />
  )
}

/** `/group/data/foods`: the group's foods with their labels, aliases and on-hand; merge two; seed a language's list. */
export function FoodsTable() {
  const { t } = useStrings('organize')
  const state = useDataTableState()
  const foods = useFoods(state.params)
  const remove = useDeleteFood()
  const [editing, setEditing] = useState<IngredientFood | null | undefined>(undefined)
  const [dialog, setDialog] = useState<'merge' | 'seed' | null>(null)
  const mergeOpening = useMergeOpening<IngredientFood>('foods', () => setDialog('merge'))
  const every = useEveryFood(dialog === 'merge')
  const merge = useMergeFoods()

  const columns: DataColumn<IngredientFood>[] = [
    { id: 'name', label: t('foods.name'), sortBy: 'name', render: (food) => food.name },
    {
      id: 'pluralName',
      label: t('foods.pluralName'),
      sortBy: 'plural_name',
      render: (food) => food.pluralName || '—',
    },
    {
      id: 'description',
      label: t('foods.description'),
      visibleFrom: 'lg',
      render: (food) => (
        <Text size="sm" lineClamp={2}>
          {food.description || '—'}
        </Text>
      ),
    },
    {
      id: 'label',
      label: t('foods.label'),
      sortBy: 'label.name',
      render: (food) => (food.label ? <LabelBadge label={food.label} /> : '—'),
    },
    {
      id: 'aliases',
      label: t('foods.aliases'),
      visibleFrom: 'md',
      render: (food) => food.aliases.map((alias) => alias.name).join(', ') || '—',
    },
    {
      id: 'onHand',
      label: t('foods.onHandShort'),
      width: 96,
      render: (food) => <OnHandSwitch food={food} />,
    },
  ]

  return (
    <>
      <DataTable
        label={t('pages.dataFoods.title')}
        columns={columns}
        state={state}
        list={foods}
        nameOf={(food) => food.name}
        searchPlaceholder={t('foods.search')}
        empty={t('foods.empty')}
        onEdit={setEditing}
        moreRowActions={[mergeOpening.rowAction]}
        selectionActions={mergeOpening.selectionAction}
        deleteItem={remove.deleteOne}
        afterDelete={remove.refresh}
        deleteNote={t('foods.deleteNote')}
        data-testid="foods-table"
        actions={
          <DataActions
            createLabel={t('foods.create')}
            onCreate={() => setEditing(null)}
            more={[
              {
                label: t('merge.foods.title'),
                icon: <IconArrowsJoin size={16} />,
                onClick: mergeOpening.open,
              },
              {
                label: t('seed.foods.title'),
                icon: <IconSeedling size={16} />,
                onClick: () => setDialog('seed'),
              },
            ]}
          />
        }
      />
      {editing !== undefined && (
        <FoodForm key={editing?.id ?? 'new'} opened food={editing} onClose={() => setEditing(undefined)} />
      )}
      <MergeDialog
        key={mergeOpening.key}
        initialSourceId={mergeOpening.initialSourceId}
        initialTargetId={mergeOpening.initialTargetId}
        opened={dialog === 'merge'}
        kind="foods"
        items={every.data?.items ?? []}
        loading={every.isPending}
        merging={merge.isPending}
        onClose={() => setDialog(null)}
        onMerge={(fromFood, toFood) => merge.mutateAsync({ fromFood, toFood })}
      />
      <SeedDialog opened={dialog === 'seed'} kind="foods" onClose={() => setDialog(null)} />
    </>
  )
}
