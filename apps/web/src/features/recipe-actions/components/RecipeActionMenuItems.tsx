import type { GroupRecipeActionOut } from '@larder/contracts'
import { Menu } from '@mantine/core'
import { IconExternalLink, IconSend } from '@tabler/icons-react'
import { notifyError, notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { useEveryRecipeAction, useTriggerRecipeAction } from '@/features/recipe-actions/api/recipe-actions'
import { linkActionUrl } from '@/features/recipe-actions/link'

/**
 * The household's recipe actions as items of a recipe's menu (read when the menu first opens): a `link` opens its
 * address with the recipe filled in, in a new tab; a `post` asks the server to send the recipe and says how it went.
 * Nothing when the household has none.
 */
export function RecipeActionMenuItems(props: { recipe: { id: string; slug: string } }) {
  const { t } = useStrings('recipes')
  const actions = useEveryRecipeAction()
  // Mealie's words: sent for any 2xx, "something went wrong" otherwise.
  const trigger = useTriggerRecipeAction({
    sent: (action) => notifySuccess(t('page.recipeActionSent', { title: action.title })),
    failed: (action) => notifyError(t('page.recipeActionFailed', { title: action.title })),
  })
  const items = actions.data?.items ?? []
  if (items.length === 0) return null

  const run = (action: GroupRecipeActionOut) => {
    if (action.actionType === 'link') {
      window.open(linkActionUrl(action.url, props.recipe, window.location.href), '_blank', 'noopener,noreferrer')
      return
    }
    trigger.mutate({ action, recipeSlug: props.recipe.slug })
  }

  return (
    <>
      <Menu.Divider />
      <Menu.Label>{t('page.recipeActions')}</Menu.Label>
      {items.map((action) => (
        <Menu.Item
          key={action.id}
          leftSection={action.actionType === 'post' ? <IconSend size={16} /> : <IconExternalLink size={16} />}
          onClick={() => run(action)}
        >
          {action.title}
        </Menu.Item>
      ))}
    </>
  )
}
