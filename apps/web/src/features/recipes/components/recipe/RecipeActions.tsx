import type { Recipe } from '@larder/contracts'
import { ActionIcon, Button, Group, Menu } from '@mantine/core'
import { MenuOnFirstOpen } from '@/components/MenuOnFirstOpen'
import { lazy, Suspense } from 'react'
import {
  IconCalendarPlus,
  IconCheck,
  IconCopy,
  IconDots,
  IconDownload,
  IconFileTypeZip,
  IconListDetails,
  IconMarkdown,
  IconPencil,
  IconPrinter,
  IconShoppingCartPlus,
  IconToolsKitchen2,
  IconTrash,
} from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'
import { Link, useNavigate } from 'react-router'
import { useVisitorGroup } from '@/features/auth'
import { notifyError, notifySuccess } from '@/components/feedback'
import { ApiError } from '@/api/api-error'
import { useDialogOnFirstOpen } from '@/hooks/use-dialog-on-first-open'
import { paths } from '@/app/paths'
import { useDuplicateRecipe } from '@/features/recipes/api/recipes'
import { useRecipeDownload, type RecipeExportFormat } from '@/features/recipes/api/recipe-downloads'
import { RecipeActionMenuItems } from '@/features/recipe-actions'

const MadeItDialog = lazy(() =>
  import('@/features/recipes/components/MadeItDialog').then((module) => ({ default: module.MadeItDialog })),
)
const AddToMealPlanDialog = lazy(() =>
  import('@/features/mealplans').then((module) => ({ default: module.AddToMealPlanDialog })),
)
const AddRecipeDialog = lazy(() =>
  import('@/features/shopping').then((module) => ({ default: module.AddRecipeDialog })),
)
const DeleteRecipeDialog = lazy(() =>
  import('./DeleteRecipeDialog').then((module) => ({ default: module.DeleteRecipeDialog })),
)

/**
 * Cook mode's button and the "more actions" menu: edit, duplicate, made it, add to meal plan, print, the exports (Markdown, JSON, zip),
 * the household's recipe actions, delete (confirmed). A
 * signed-out visitor reading a public recipe has cook mode only; the layout's header offers them to sign in.
 */
export function RecipeActions(props: { recipe: Recipe; groupSlug: string; onCook: () => void }) {
  return useVisitorGroup() === null ? (
    <MemberActions {...props} />
  ) : (
    <Group gap="xs" wrap="nowrap" className="no-print">
      <CookButton onCook={props.onCook} />
    </Group>
  )
}

function CookButton({ onCook }: { onCook: () => void }) {
  const { t } = useStrings('recipes')
  return (
    <Button leftSection={<IconToolsKitchen2 size={18} aria-hidden="true" />} onClick={onCook}>
      {t('cook.start')}
    </Button>
  )
}

function MemberActions(props: { recipe: Recipe; groupSlug: string; onCook: () => void }) {
  const { t } = useStrings('recipes')
  const navigate = useNavigate()
  const { recipe, groupSlug } = props
  const duplicate = useDuplicateRecipe(recipe.slug)
  const download = useRecipeDownload(recipe.slug)
  const save = (format: RecipeExportFormat) =>
    download.mutate(format, {
      // A refusal the API client already showed is not shown twice.
      onError: (error) => {
        if (!(error instanceof ApiError && error.notified)) notifyError(t('page.downloadFailed'))
      },
    })
  // The two dialogs' code is loaded on their first open, not with the recipe.
  const madeIt = useDialogOnFirstOpen()
  const deleting = useDialogOnFirstOpen()
  const planning = useDialogOnFirstOpen()
  const shopping = useDialogOnFirstOpen()

  return (
    <Group gap="xs" wrap="nowrap" className="no-print">
      <CookButton onCook={props.onCook} />
      {/* Without the focus placeholder (a focusable presentational div is not allowed inside role=menu); the focus
          trap starts on the first item instead. */}
      <MenuOnFirstOpen
        position="bottom-end"
        shadow="md"
        withinPortal
        withInitialFocusPlaceholder={false}
        menuItemTabIndex={0}
        target={
          <ActionIcon variant="default" size={36} aria-label={t('page.actions')} data-testid="recipe-actions">
            <IconDots size={18} />
          </ActionIcon>
        }
      >
        <Menu.Item
          component={Link}
          to={`${paths.groupRecipe(groupSlug, recipe.slug)}?edit=true`}
          leftSection={<IconPencil size={16} />}
        >
          {t('page.edit')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.groupIngredientParser(groupSlug, recipe.slug)}
          leftSection={<IconListDetails size={16} />}
        >
          {t('page.parseIngredients')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={16} />}
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(undefined, {
              onSuccess: (copy) => {
                notifySuccess(t('page.duplicated', { name: copy.name }))
                void navigate(paths.groupRecipe(groupSlug, copy.slug))
              },
            })
          }
        >
          {t('page.duplicate')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCheck size={16} />} onClick={madeIt.open}>
          {t('page.madeIt')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendarPlus size={16} />} onClick={planning.open}>
          {t('page.addToMealPlan')}
        </Menu.Item>
        <Menu.Item leftSection={<IconShoppingCartPlus size={16} />} onClick={shopping.open}>
          {t('page.addToShoppingList')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t('page.print')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMarkdown size={16} />}
          disabled={download.isPending}
          onClick={() => save('markdown')}
        >
          {t('page.downloadMarkdown')}
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} />} disabled={download.isPending} onClick={() => save('json')}>
          {t('page.downloadJson')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileTypeZip size={16} />}
          disabled={download.isPending}
          onClick={() => save('zip')}
        >
          {t('page.downloadZip')}
        </Menu.Item>
        <RecipeActionMenuItems recipe={recipe} />
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconTrash size={16} color="var(--mantine-color-error-filled)" />}
          onClick={deleting.open}
        >
          {t('common.delete')}
        </Menu.Item>
      </MenuOnFirstOpen>
      {madeIt.mounted && (
        <Suspense fallback={null}>
          <MadeItDialog recipe={recipe} opened={madeIt.opened} onClose={madeIt.close} />
        </Suspense>
      )}
      {planning.mounted && (
        <Suspense fallback={null}>
          <AddToMealPlanDialog recipe={recipe} opened={planning.opened} onClose={planning.close} />
        </Suspense>
      )}
      {shopping.mounted && (
        <Suspense fallback={null}>
          <AddRecipeDialog recipe={recipe} opened={shopping.opened} onClose={shopping.close} />
        </Suspense>
      )}
      {deleting.mounted && (
        <Suspense fallback={null}>
          <DeleteRecipeDialog recipe={recipe} groupSlug={groupSlug} opened={deleting.opened} onClose={deleting.close} />
        </Suspense>
      )}
    </Group>
  )
}
