import { ActionIcon } from '@mantine/core'
import { IconHeart, IconHeartFilled } from '@tabler/icons-react'
import { HoverTooltip } from '@/components/HoverTooltip'
import { useAuth } from '@/features/auth'
import { useStrings } from '@/i18n/use-strings'
import { useIsFavorite, useToggleFavorite } from '@/features/recipes/api/ratings'

type FavoriteRecipe = { id: string; slug: string; name: string }

/** What a toggle asks for: the recipe marked (`favorite`) or unmarked; the mutation of `useToggleFavorite`. */
export type ToggleFavorite = (input: { recipeId: string; slug: string; favorite: boolean }) => void

/**
 * The caller's favourite toggle for one recipe (a pressed button), on the recipe page and on the cookbook's cards;
 * nothing for signed-out readers of a public group. `overlay` gives it a solid background to sit on a picture.
 */
export function FavoriteButton(props: { recipe: FavoriteRecipe; overlay?: boolean }) {
  const { t } = useStrings('recipes')
  const { user } = useAuth()
  const { isFavorite } = useIsFavorite(props.recipe.id, user?.id)
  const toggle = useToggleFavorite(user?.id ?? '')
  if (!user) return null
  const label = t(isFavorite ? 'social.unfavorite' : 'social.favorite', { name: props.recipe.name })
  return (
    <FavoriteToggle
      recipe={props.recipe}
      isFavorite={isFavorite}
      onToggle={toggle.mutate}
      label={label}
      overlay={props.overlay}
    />
  )
}

/**
 * The toggle itself, with no hook of its own but the tooltip's: a list of cards passes each one its flag, its label
 * and one shared `onToggle` (see `useFavorites`).
 */
export function FavoriteToggle(props: {
  recipe: FavoriteRecipe
  isFavorite: boolean
  onToggle: ToggleFavorite
  label: string
  overlay?: boolean
}) {
  const { recipe, isFavorite, label } = props
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
          props.onToggle({ recipeId: recipe.id, slug: recipe.slug, favorite: !isFavorite })
        }}
      >
        {isFavorite ? <IconHeartFilled size={20} aria-hidden="true" /> : <IconHeart size={20} aria-hidden="true" />}
      </ActionIcon>
    </HoverTooltip>
  )
}
