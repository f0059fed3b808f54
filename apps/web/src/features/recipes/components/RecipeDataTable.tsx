import type { RecipeSummary } from '@larder/contracts'
import { Anchor, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core'
import { IconChevronDown, IconFileZip } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState } from 'react'
import { formatMediumDate } from '@/i18n/medium-date'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { DataTable, type DataColumn } from '@/components/data-table/DataTable'
import { notifyError, notifySuccess } from '@/components/feedback'
import { useDataTableState } from '@/components/data-table/use-data-table-state'
import { useAuth } from '@/features/auth'
import { useGroupMembers } from '@/features/groups/api/group'
import { useDeleteRecipes } from '@/features/recipes/api/delete-recipe'
import { useRecipeExports } from '@/features/recipes/api/recipe-exports'
import { recipeListQuery } from '@/features/recipes/api/recipes'
import { useDialogOnFirstOpen } from '@/hooks/use-dialog-on-first-open'
import { RecipeExports } from './RecipeExports'
import type { BulkRecipeAction } from './RecipeBulkDialog'
import { paths } from '@/app/paths'

const RecipeBulkDialog = lazy(() =>
  import('./RecipeBulkDialog').then((module) => ({ default: module.RecipeBulkDialog })),
)
const bulkActions: BulkRecipeAction[] = ['tag', 'categorize', 'settings', 'owner']

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
 * `/group/data/recipes`: the group's recipes with owner, organizers and dates; select some (across pages) and delete
 * them one by one with progress, tag, categorize, set their settings, change their owner, or export them; "Export all"
 * exports the household's. Exports are built in the
 * background and listed under "Data exports". Bulk actions act on the caller's household's recipes (docs/security.md "Recipe edit and delete rules"),
 * so an export of a selection leaves out the other households' recipes and says so.
 */
export function RecipeDataTable({ groupSlug }: { groupSlug: string }) {
  const { t, i18n } = useStrings('organize')
  const state = useDataTableState()
  const recipes = useQuery({ ...recipeListQuery(state.params), placeholderData: keepPreviousData })
  const members = useGroupMembers()
  const remove = useDeleteRecipes()
  const exports = useRecipeExports()
  const user = useAuth().user
  const householdId = user?.householdId
  const bulkDialog = useDialogOnFirstOpen()
  const [bulk, setBulk] = useState<{ action: BulkRecipeAction; recipes: RecipeSummary[] }>({
    action: 'tag',
    recipes: [],
  })
  const ownerNames = useMemo(
    () => new Map((members.data?.items ?? []).map((member) => [member.id, member.fullName || member.username || '—'])),
    [members.data],
  )
  const date = (value: string | null) => (value ? formatMediumDate(i18n.language, new Date(value)) : '—')

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

  const selectionActions = (selection: RecipeSummary[]) => {
    const ours = selection.filter((recipe) => recipe.householdId === householdId)
    const onlySome = ours.length < selection.length ? t('exports.ownHouseholdOnly') : undefined
    return (
      <>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              rightSection={<IconChevronDown size={14} />}
              disabled={ours.length === 0}
              title={ours.length < selection.length ? t('bulk.ownHouseholdOnly') : undefined}
            >
              {t('bulk.menu', { count: ours.length })}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {bulkActions.map((action) => (
              <Menu.Item
                key={action}
                onClick={() => {
                  setBulk({ action, recipes: ours })
                  bulkDialog.open()
                }}
              >
                {t(`bulk.item.${action}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileZip size={14} />}
          disabled={ours.length === 0}
          title={onlySome}
          loading={exports.start.isPending}
          onClick={() =>
            exports.start.mutate(
              ours.map((recipe) => recipe.slug),
              { onSuccess: () => notifySuccess(t('exports.started')) },
            )
          }
        >
          {ours.length < selection.length ? t('exports.exportSome', { count: ours.length }) : t('exports.export')}
        </Button>
      </>
    )
  }

  return (
    <Stack gap="lg">
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
        actions={
          <Button
            variant="default"
            leftSection={<IconFileZip size={16} />}
            disabled={!householdId}
            loading={exports.startAll.isPending}
            onClick={() =>
              householdId &&
              exports.startAll.mutate(householdId, {
                onSuccess: (started) =>
                  started ? notifySuccess(t('exports.started')) : notifyError(t('exports.nothing')),
              })
            }
          >
            {t('exports.exportAll')}
          </Button>
        }
        selectionActions={selectionActions}
      />
      <RecipeExports exports={exports} />
      {bulkDialog.mounted && (
        <Suspense fallback={null}>
          <RecipeBulkDialog
            opened={bulkDialog.opened}
            action={bulk.action}
            recipes={bulk.recipes}
            members={[...ownerNames].map(([value, label]) => ({ value, label }))}
            canCreateOrganizers={user?.canOrganize ?? false}
            onClose={bulkDialog.close}
          />
        </Suspense>
      )}
    </Stack>
  )
}
