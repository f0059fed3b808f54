import { Group, Skeleton, Stack, SimpleGrid } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import { ApiError } from '@/api/api-error'
import { QueryState } from '@/components/QueryState'
import { ErrorContent } from '@/layouts/error/ErrorContent'
import { useRecipe } from '@/features/recipes/api/recipes'
import { RecipeView } from '@/features/recipes/components/recipe/RecipeView'

function RecipeSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('common.loading')} data-testid="recipe-skeleton">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Skeleton style={{ aspectRatio: '4 / 3' }} radius="lg" />
        <Stack gap="sm">
          <Skeleton height={32} width="70%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="85%" />
          <Group gap="xl" mt="sm">
            <Skeleton height={36} width={80} />
            <Skeleton height={36} width={80} />
          </Group>
        </Stack>
      </SimpleGrid>
      <Skeleton height={220} radius="md" />
    </Stack>
  )
}

/** One recipe: the view; an unknown slug is the app's not-found page. */
export default function RecipePage() {
  const { groupSlug = '', slug = '' } = useParams()
  const location = useLocation()
  const recipe = useRecipe(slug)
  if (recipe.error instanceof ApiError && recipe.error.status === 404) {
    return <ErrorContent kind="not-found" path={location.pathname} />
  }
  return (
    <QueryState query={recipe} loading={<RecipeSkeleton />}>
      {(data) => <RecipeView key={data.id} recipe={data} groupSlug={groupSlug} />}
    </QueryState>
  )
}
