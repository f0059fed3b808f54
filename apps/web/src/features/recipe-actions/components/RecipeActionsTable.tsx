import type { GroupRecipeActionOut } from '@larder/contracts'
import { Badge, Text } from '@mantine/core'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { DataActions } from '@/components/data-table/DataActions'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import { useDeleteRecipeAction, useRecipeActions } from '@/features/recipe-actions/api/recipe-actions'
import { RecipeActionForm } from './RecipeActionForm'

/** `/group/data/recipe-actions`: the household's recipe actions, which every recipe's menu offers. */
export function RecipeActionsTable() {
  const { t } = useStrings('organize')
  const state = useDataTableState({ orderBy: 'title', orderDirection: 'asc' })
  const actions = useRecipeActions(state.params)
  const remove = useDeleteRecipeAction()
  const [editing, setEditing] = useState<GroupRecipeActionOut | null | undefined>(undefined)

  const columns: DataColumn<GroupRecipeActionOut>[] = [
    { id: 'title', label: t('recipeActions.title'), sortBy: 'title', render: (action) => action.title },
    {
      id: 'type',
      label: t('recipeActions.type'),
      sortBy: 'action_type',
      render: (action) => (
        <Badge variant="light" color={action.actionType === 'post' ? 'blue' : 'gray'}>
          {action.actionType === 'post' ? t('recipeActions.typePost') : t('recipeActions.typeLink')}
        </Badge>
      ),
    },
    {
      id: 'url',
      label: t('recipeActions.url'),
      visibleFrom: 'md',
      render: (action) => (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {action.url}
        </Text>
      ),
    },
  ]

  return (
    <>
      <DataTable
        label={t('pages.dataRecipeActions.title')}
        columns={columns}
        state={state}
        list={actions}
        nameOf={(action) => action.title}
        searchPlaceholder={t('recipeActions.search')}
        empty={t('recipeActions.empty')}
        onEdit={setEditing}
        deleteItem={remove.deleteOne}
        afterDelete={remove.refresh}
        data-testid="recipe-actions-table"
        actions={<DataActions createLabel={t('recipeActions.create')} onCreate={() => setEditing(null)} more={[]} />}
      />
      {editing !== undefined && (
        <RecipeActionForm key={editing?.id ?? 'new'} opened action={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  )
}
