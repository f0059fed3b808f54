import type { RecipeSummary } from '@larder/contracts'
import { Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconClock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { formatRecipeTime } from '@/features/recipes/recipe-times'
import { RatingStarsContent } from '@/features/recipes/components/RatingStars'
import { RecipeImage } from '@/features/recipes/components/RecipeImage'

const shownTags = 3

type RecipeCardProps = { recipe: RecipeSummary; groupSlug: string; actions?: ReactNode }

/**
 * One recipe in the explorer: picture, name (the card's link), average rating, total time and a few tags.
 * `actions` is the slot for controls on the picture (the favourite toggle); they sit above the card's link.
 */
export function RecipeCard(props: RecipeCardProps) {
  const { t } = useStrings('recipes')
  return <RecipeCardContent {...props} t={t} />
}

/**
 * The card with the strings of its list: a list of many cards looks them up once (`useStrings` per card subscribes
 * every card to the language, a cost in the explorer's longest task, docs/budgets.md "Web budgets") and passes `t` to each.
 */
export function RecipeCardContent(props: RecipeCardProps & { t: TFunction<'recipes'> }) {
  const { recipe, t } = props
  const time = formatRecipeTime(recipe.totalTime, t)
  return (
    <Card withBorder radius="md" padding={0} className="recipe-card" component="article" h="100%">
      <RecipeImage recipeId={recipe.id} image={recipe.image} name={recipe.name} width={400} height={300} />
      {props.actions && <div className="recipe-card__actions">{props.actions}</div>}
      <Stack gap={6} p="sm">
        <Text component="h3" fw={600} size="md" lh={1.3} m={0} className="recipe-card__name">
          <Link to={paths.groupRecipe(props.groupSlug, recipe.slug)} className="recipe-card__link">
            {recipe.name}
          </Link>
        </Text>
        {(recipe.rating !== null || time) && (
          <Group gap={4} justify="space-between" wrap="wrap">
            <RatingStarsContent value={recipe.rating} size={14} t={t} />
            {time && (
              <Group gap={4} wrap="nowrap" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                <IconClock size={14} aria-hidden="true" />
                <Text size="xs" component="span">
                  <VisuallyHidden>{t('totalTime')}: </VisuallyHidden>
                  {time}
                </Text>
              </Group>
            )}
          </Group>
        )}
        {recipe.tags.length > 0 && (
          <Group gap={4} wrap="wrap" aria-label={t('tags')} role="list">
            {recipe.tags.slice(0, shownTags).map((tag) => (
              <Badge key={tag.id} variant="light" color="gray" size="sm" radius="sm" tt="none" role="listitem">
                {tag.name}
              </Badge>
            ))}
            {recipe.tags.length > shownTags && (
              <Badge variant="transparent" color="gray" size="sm" tt="none" role="listitem">
                {t('moreTags', { value: recipe.tags.length - shownTags })}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  )
}
