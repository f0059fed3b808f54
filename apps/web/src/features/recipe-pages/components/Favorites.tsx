import { ActionIcon, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconHeart, IconHeartFilled } from '@tabler/icons-react'
import { QueryState } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { useFavoriteRecipes, useRemoveFavorite } from '@/features/recipe-pages/api/favorites'
import { RecipeCardGrid } from '@/features/recipe-pages/components/RecipeCards'
import { RecipeCard } from '@/features/recipes'

/** `/user/:id/favorites`: a user's favourite recipes as cards; their owner (or an administrator) un-favourites. */
export function Favorites(props: { userId: string; groupSlug: string; canEdit: boolean }) {
  const { t } = useStrings('recipe-pages')
  const favorites = useFavoriteRecipes(props.userId)
  const remove = useRemoveFavorite(props.userId)
  return (
    <QueryState query={favorites}>
      {(list) =>
        list.items.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" data-testid="favorites-empty">
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                <IconHeart size={30} stroke={1.4} />
              </ThemeIcon>
              <Text fw={600}>{t('favorites.none')}</Text>
              <Text size="sm" c="dimmed" maw={420}>
                {t('favorites.noneHint')}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <RecipeCardGrid label={t('favorites.label')}>
            {list.items.map((recipe) => (
              <RecipeCard
                key={recipe.id}
                recipe={recipe}
                groupSlug={props.groupSlug}
                actions={
                  props.canEdit && (
                    <ActionIcon
                      variant="white"
                      color="red"
                      radius="xl"
                      size="lg"
                      aria-label={t('favorites.remove', { name: recipe.name })}
                      loading={remove.isPending && remove.variables?.id === recipe.id}
                      onClick={() => remove.mutate(recipe, { onSuccess: () => notifySuccess(t('favorites.removed')) })}
                    >
                      <IconHeartFilled size={18} />
                    </ActionIcon>
                  )
                }
              />
            ))}
          </RecipeCardGrid>
        )
      }
    </QueryState>
  )
}
