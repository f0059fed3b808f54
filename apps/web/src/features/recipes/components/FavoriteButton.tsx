import { ActionIcon } from '@mantine/core'
import { IconHeart, IconHeartFilled } from '@tabler/icons-react'
import { HoverTooltip } from '@/components/HoverTooltip'
import { useAuth } from '@/features/auth'
import { useStrings } from '@/i18n/use-strings'
import { useIsFavorite, useToggleFavorite } from '@/features/recipes/api/ratings'

/**
 * The caller's favourite toggle for one recipe (a pressed button), on the recipe page and on the explorer's cards;
 * nothing for signed-out readers of a public group. `overlay` gives it a solid background to sit on a picture.
 */
export function FavoriteButton(props: { recipe: { id: string; slug: string; name: string }; overlay?: boolean }) {
  const { t } = useStrings('recipes')
  const { user } = useAuth()
  const { isFavorite } = useIsFavorite(props.recipe.id, user?.id)
  const toggle = useToggleFavorite(user?.id ?? '')
  if (!user) return null
  const label = isFavorite
    ? t('social.unfavorite', { name: props.recipe.name })
    : t('social.favorite', { name: props.recipe.name })
  return (
    <HoverTooltip label={label} withArrow>
      <ActionIcon
        variant={isFavorite ? 'filled' : props.overlay ? 'white' : 'default'}
        color={isFavorite ? 'red.8' : 'gray.8'}
        size={36}
        radius="xl"
        aria-label={label}
        aria-pressed={isFavorite}
        data-testid="favorite-toggle"
        onClick={(event) => {
          event.preventDefault()
          event.stopPropagation()
          toggle.mutate({ recipeId: props.recipe.id, slug: props.recipe.slug, favorite: !isFavorite })
        }}
      >
        {isFavorite ? <IconHeartFilled size={20} aria-hidden="true" /> : <IconHeart size={20} aria-hidden="true" />}
      </ActionIcon>
    </HoverTooltip>
  )
}
