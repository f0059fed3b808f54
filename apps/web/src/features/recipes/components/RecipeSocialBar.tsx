import type { Recipe } from '@larder/contracts'
import { Button, Group } from '@mantine/core'
import { IconShare } from '@tabler/icons-react'
import { lazy, Suspense } from 'react'
import { useAuth } from '@/features/auth'
import { useDialogOnFirstOpen } from '@/hooks/use-dialog-on-first-open'
import { useStrings } from '@/i18n/use-strings'
import { FavoriteButton } from './FavoriteButton'
import { RecipeRating } from './RecipeRating'

const ShareDialog = lazy(() => import('./ShareDialog').then((module) => ({ default: module.ShareDialog })))

/** Under the recipe's header: the favourite toggle, the caller's stars and the group's average, and sharing. */
export function RecipeSocialBar(props: { recipe: Recipe; groupSlug: string }) {
  const { t } = useStrings('recipes')
  const { user } = useAuth()
  // The dialog (its code, its hooks, its date formatter) is loaded and built on its first open, not with the recipe.
  const share = useDialogOnFirstOpen()
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" mb="lg" className="no-print" data-testid="recipe-social">
      <RecipeRating recipe={props.recipe} />
      {user && (
        <Group gap="xs" wrap="nowrap">
          <FavoriteButton recipe={props.recipe} />
          <Button
            variant="default"
            size="sm"
            leftSection={<IconShare size={16} aria-hidden="true" />}
            onClick={share.open}
          >
            {t('social.share')}
          </Button>
          {share.mounted && (
            <Suspense fallback={null}>
              <ShareDialog
                recipe={props.recipe}
                groupSlug={props.groupSlug}
                opened={share.opened}
                onClose={share.close}
              />
            </Suspense>
          )}
        </Group>
      )}
    </Group>
  )
}
