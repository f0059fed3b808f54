import { IconListDetails } from '@tabler/icons-react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { ApiError } from '@/api/api-error'
import { useAppInfo } from '@/api/app-queries'
import { BackLink } from '@/components/BackLink'
import { PageHeader } from '@/components/PageHeader'
import { QueryState } from '@/components/QueryState'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { IngredientParser } from '@/features/ingredient-parser'
import { useRecipe } from '@/features/recipes/api/recipes'
import { useStrings } from '@/i18n/use-strings'
import { ErrorContent } from '@/layouts/error/ErrorContent'
import { paths } from '@/app/paths'

/** `/g/:groupSlug/r/:slug/ingredient-parser`: review the parse of a recipe's ingredients, then back to the recipe. */
export default function IngredientParserPage() {
  const { t } = useStrings('ingredient-parser')
  const { groupSlug = '', slug = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { user } = useAuth()
  const recipe = useRecipe(slug)
  const about = useAppInfo()
  usePageTitle(recipe.data ? t('pageTitle', { name: recipe.data.name }) : t('pages.ingredientParser.title'))
  if (recipe.error instanceof ApiError && recipe.error.status === 404) {
    return <ErrorContent kind="not-found" path={location.pathname} />
  }
  const recipePath = paths.groupRecipe(groupSlug, slug)
  return (
    <>
      <BackLink to={recipePath} label={recipe.data?.name ?? t('backToRecipe')} />
      <PageHeader
        title={t('pages.ingredientParser.title')}
        description={t('pages.ingredientParser.description')}
        icon={IconListDetails}
      />
      <QueryState query={recipe}>
        {(data) => (
          <IngredientParser
            key={data.id}
            recipe={data}
            userId={user?.id}
            canOrganize={user?.canOrganize ?? false}
            openAiEnabled={about.data?.enableOpenai ?? false}
            onDone={() => void navigate(paths.groupRecipe(groupSlug, data.slug))}
          />
        )}
      </QueryState>
    </>
  )
}
