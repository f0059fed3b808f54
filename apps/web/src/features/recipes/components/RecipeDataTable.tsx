import type { RecipeSummary } from '@larder/contracts'
import { Anchor, Badge, Group, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import { useGroupMembers } from '@/features/groups/api/group'
import { useDeleteRecipes } from '@/features/recipes/api/delete-recipe'
import { recipeListQuery } from '@/features/recipes/api/recipes'
import { paths } from '@/routes/paths'

/** A few organizer names as badges; the rest as "+N". */
function Names({ names }: { names: string[] }) {
  if (names.length === 0) return <>—</>
  const shown = names.slice(0, 3)
  return (
    <Group gap={4}>
      {shown.map((name) => (
        <Badge key={name} size="sm" variant="light" tt="none">
          {name}
        </Badge>
      ))}
      {names.length > shown.length && (
        <Text span size="xs" c="dimmed">
          +{names.length - shown.length}
        </Text>
      )}
    </Group>
  )
}

/**
 * `/group/data/recipes`: the group's recipes with owner, organizers and dates; select some (across pages) and
 * delete them one by one with progress. Other bulk actions join the selection bar when their endpoints exist.
 */
export function RecipeDataTable({ groupSlug }: { groupSlug: string }) {
  const { t, i18n } = useStrings('organize')
  const state = useDataTableState()
  const recipes = useQuery({ ...recipeListQuery(state.params), placeholderData: keepPreviousData })
  const members = useGroupMembers()
  const remove = useDeleteRecipes()
  const ownerNames = useMemo(
    () => new Map((members.data?.items ?? []).map((member) => [member.id, member.fullName || member.username || '—'])),
    [members.data],
  )
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language])
  const date = (value: string | null) => (value ? dateFormat.format(new Date(value)) : '—')

  const columns: DataColumn<RecipeSummary>[] = [
    {
      id: 'name',
      label: t('recipes.name'),
      sortBy: 'name',
      render: (recipe) => (
        <Anchor component={Link} to={paths.groupRecipe(groupSlug, recipe.slug)} size="sm" fw={600}>
          {recipe.name}
        </Anchor>
      ),
    },
    { id: 'owner', label: t('recipes.owner'), render: (recipe) => ownerNames.get(recipe.userId) ?? '—' },
    {
      id: 'tags',
      label: t('recipes.tags'),
      visibleFrom: 'md',
      render: (recipe) => <Names names={recipe.tags.map((tag) => tag.name)} />,
    },
    {
      id: 'categories',
      label: t('recipes.categories'),
      visibleFrom: 'md',
      render: (recipe) => <Names names={recipe.recipeCategory.map((category) => category.name)} />,
    },
    {
      id: 'created',
      label: t('recipes.created'),
      sortBy: 'created_at',
      visibleFrom: 'lg',
      render: (recipe) => date(recipe.createdAt ?? recipe.dateAdded),
    },
    {
      id: 'updated',
      label: t('recipes.updated'),
      sortBy: 'updated_at',
      visibleFrom: 'lg',
      render: (recipe) => date(recipe.updatedAt ?? recipe.dateUpdated),
    },
  ]

  return (
    <DataTable
      label={t('pages.dataRecipes.title')}
      columns={columns}
      state={state}
      list={recipes}
      nameOf={(recipe) => recipe.name}
      searchPlaceholder={t('recipes.search')}
      empty={t('recipes.empty')}
      deleteItem={remove.deleteOne}
      afterDelete={remove.refresh}
      deleteNote={t('recipes.deleteNote')}
      data-testid="recipes-table"
    />
  )
}
