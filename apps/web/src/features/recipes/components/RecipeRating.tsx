import '@mantine/core/styles/Rating.css'
import { Button, Group, Rating, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { useAuth } from '@/features/auth'
import { useStrings } from '@/i18n/use-strings'
import { useOwnRating, useSetRating } from '@/features/recipes/api/ratings'
import { RatingStars } from '@/features/recipes/components/RatingStars'

/**
 * The caller's own stars for a recipe (whole stars, "clear" sets 0), changed at once while the server saves them;
 * beside them the group's average, read-only in half stars. Signed-out readers see the average only.
 */
export function RecipeRating(props: { recipe: { id: string; slug: string; rating: number | null } }) {
  const { t } = useStrings('recipes')
  const labelId = useId()
  const { user } = useAuth()
  const own = useOwnRating(props.recipe.id, user?.id)
  const rate = useSetRating(user?.id ?? '', props.recipe)
  const value = own.rating
  const average = props.recipe.rating
  return (
    <Stack gap={4}>
      {user && (
        <Group gap={6} wrap="nowrap" align="center">
          <Text id={labelId} size="sm" fw={600}>
            {t('social.yourRating')}
          </Text>
          <Rating
            value={value}
            onChange={(next) => rate.mutate(next)}
            readOnly={own.isLoading}
            color="orange.8"
            size="md"
            name={`rating-${props.recipe.id}`}
            aria-labelledby={labelId}
            getSymbolLabel={(stars) => t('social.rateStars', { value: stars })}
            data-testid="own-rating"
          />
          {value > 0 && (
            <Button
              variant="subtle"
              size="compact-xs"
              color="gray"
              c="var(--mantine-color-text)"
              onClick={() => rate.mutate(0)}
            >
              {t('social.clearRating')}
            </Button>
          )}
        </Group>
      )}
      <Group gap={6} wrap="nowrap" align="center" data-testid="average-rating">
        <Text size="sm" c="dimmed">
          {t('social.average')}
        </Text>
        {average !== null && average > 0 ? (
          <RatingStars value={average} size={16} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('social.noRatings')}
          </Text>
        )}
      </Group>
    </Stack>
  )
}
