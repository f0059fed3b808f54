import { Group, Skeleton, Stack, SimpleGrid } from '@mantine/core'
import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { ApiError } from '@/api/api-error'
import { PageSuspense } from '@/components/PageSuspense'
import { QueryState } from '@/components/QueryState'
import { ErrorContent } from '@/layouts/error/ErrorContent'
import { SignInInstead, useVisitorGroup } from '@/features/auth'
import { useRecipe } from '@/features/recipes/api/recipes'
import { useRecipeRead } from '@/features/recipes/api/explore'
import { RecipeView } from '@/features/recipes/components/recipe/RecipeView'
import { paths } from '@/app/paths'
import { useReleaseFirstPaint } from '@/app/first-paint'

// The editor is its own chunk: reading a recipe never loads it.
const RecipeEditor = lazy(() => import('@/features/recipe-editor').then((module) => ({ default: module.RecipeEditor })))

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

/**
 * One recipe: the view; an unknown slug is the app's not-found page. A signed-out visitor reads a public recipe
 * read-only; for them a 404 (private or unknown: the explore API does not say which) and editing are the sign-in page.
 */
export default function RecipePage() {
  const { groupSlug = '', slug = '' } = useParams()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const visitor = useVisitorGroup() !== null
  const recipe = useRecipeRead(slug)
  const notFound = recipe.error instanceof ApiError && recipe.error.status === 404
  const editing = searchParams.get('edit') === 'true'
  // The recipe view removes the server's drawing itself, once its sections are all drawn; anything else here (an
  // error, not found, the editor, sign-in) removes it as soon as it is drawn.
  const viewShown = recipe.isSuccess && !editing
  useReleaseFirstPaint(!recipe.isPending && !viewShown)
  if (visitor && (notFound || editing)) return <SignInInstead />
  if (notFound) return <ErrorContent kind="not-found" path={location.pathname} />
  if (editing) return <EditRecipe groupSlug={groupSlug} slug={slug} />
  return (
    <QueryState query={recipe} loading={<RecipeSkeleton />}>
      {(data) => <RecipeView key={data.id} recipe={data} groupSlug={groupSlug} />}
    </QueryState>
  )
}

function EditRecipe({ groupSlug, slug }: { groupSlug: string; slug: string }) {
  const recipe = useRecipe(slug)
  const navigate = useNavigate()
  return (
    <QueryState query={recipe}>
      {(data) => (
        <PageSuspense>
          <RecipeEditor
            key={data.id}
            recipe={data}
            onDone={(savedSlug) => navigate(paths.groupRecipe(groupSlug, savedSlug), { replace: true })}
          />
        </PageSuspense>
      )}
    </QueryState>
  )
}
