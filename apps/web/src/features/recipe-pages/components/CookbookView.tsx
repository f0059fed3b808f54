import { Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconBooks } from '@tabler/icons-react'
import { BackLink } from '@/components/BackLink'
import { PageHeader } from '@/components/PageHeader'
import { QueryState } from '@/components/QueryState'
import { usePageTitle } from '@/components/use-page-title'
import { useStrings } from '@/i18n/use-strings'
import { ApiError } from '@/api/api-error'
import { SignInInstead, useVisitorGroup } from '@/features/auth'
import { paths } from '@/app/paths'
import { useCookbook } from '@/features/recipe-pages/api/cookbooks'
import { RecipeCardGrid } from '@/features/recipe-pages/components/RecipeCards'
import { FavoriteButton, RecipeCard } from '@/features/recipes'

/**
 * `/g/:groupSlug/cookbooks/:slug`: the cookbook's name and description, and the recipes its filter selects, as the
 * explorer's cards with their favourite toggles. A signed-out visitor reads a public cookbook's public recipes,
 * without favourites; a private one sends them to sign in.
 */
export function CookbookView(props: { groupSlug: string; slug: string }) {
  const { t } = useStrings('recipe-pages')
  const visitor = useVisitorGroup() !== null
  const book = useCookbook(props.slug)
  usePageTitle(book.data?.name ?? t('pages.cookbooks.title'))
  if (visitor && book.error instanceof ApiError && book.error.status === 404) return <SignInInstead />
  return (
    <Stack gap="md">
      {/* A visitor has no cookbook list to go back to: it is the household's, to manage. */}
      {!visitor && <BackLink to={paths.groupCookbooks(props.groupSlug)} label={t('cookbooks.back')} />}
      <QueryState query={book}>
        {(cookbook) => (
          <>
            <PageHeader title={cookbook.name} description={cookbook.description || undefined} icon={IconBooks} />
            {cookbook.recipes.length === 0 ? (
              <Paper withBorder radius="lg" p="xl" data-testid="cookbook-empty">
                <Stack align="center" gap="sm" ta="center">
                  <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                    <IconBooks size={30} stroke={1.4} />
                  </ThemeIcon>
                  <Text fw={600}>{t('cookbooks.noRecipes')}</Text>
                  <Text size="sm" c="dimmed" maw={420}>
                    {t('cookbooks.noRecipesHint')}
                  </Text>
                </Stack>
              </Paper>
            ) : (
              <RecipeCardGrid label={t('cookbooks.recipesOf', { name: cookbook.name })}>
                {cookbook.recipes.map((recipe) => (
                  <RecipeCard
                    key={recipe.id}
                    recipe={recipe}
                    groupSlug={props.groupSlug}
                    actions={<FavoriteButton recipe={recipe} overlay />}
                  />
                ))}
              </RecipeCardGrid>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  )
}
