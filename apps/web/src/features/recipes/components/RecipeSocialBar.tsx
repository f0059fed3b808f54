import type { Recipe } from '@larder/contracts'
import { Button, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconShare } from '@tabler/icons-react'
import { useState } from 'react'
import { useAuth } from '@/features/auth'
import { useStrings } from '@/i18n/use-strings'
import { FavoriteButton } from './FavoriteButton'
import { RecipeRating } from './RecipeRating'
import { ShareDialog } from './ShareDialog'

/** Under the recipe's header: the favourite toggle, the caller's stars and the group's average, and sharing. */
export function RecipeSocialBar(props: { recipe: Recipe; groupSlug: string }) {
  const { t } = useStrings('recipes')
  const { user } = useAuth()
  const [sharing, share] = useDisclosure(false)
  // The dialog (its hooks, its date formatter) is built the first time it opens, not on the recipe's first paint;
  // it stays mounted afterwards so that closing it animates.
  const [shareOpened, setShareOpened] = useState(false)
  const openShare = () => {
    setShareOpened(true)
    share.open()
  }
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
            onClick={openShare}
          >
            {t('social.share')}
          </Button>
          {shareOpened && (
            <ShareDialog recipe={props.recipe} groupSlug={props.groupSlug} opened={sharing} onClose={share.close} />
          )}
        </Group>
      )}
    </Group>
  )
}
