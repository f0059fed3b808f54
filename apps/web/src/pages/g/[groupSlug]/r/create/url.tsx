import { useParams, useSearchParams } from 'react-router'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { sharedUrlOf, UrlImport } from '@/features/recipe-import'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'

/** `/g/:groupSlug/r/create/url`; the share target and bookmarklets arrive here with `recipe_import_url`. */
export default function CreateUrlPage() {
  const { t } = useStrings('recipe-import')
  const { groupSlug = '' } = useParams()
  const [search] = useSearchParams()
  const { user } = useAuth()
  usePageTitle(t('pages.createUrl.title'))
  return (
    <UrlImport
      // A second share into an open tab changes the query: start again with the new address.
      key={search.toString()}
      initialUrl={sharedUrlOf(search)}
      links={{
        recipe: (slug) => paths.groupRecipe(groupSlug, slug),
        html: paths.recipeCreateMethod(groupSlug, 'html'),
        bulk: paths.recipeCreateMethod(groupSlug, 'bulk'),
        debug: user?.advanced ? paths.recipeCreateMethod(groupSlug, 'debug') : null,
      }}
    />
  )
}
