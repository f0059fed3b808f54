import { useParams } from 'react-router'
import { usePageTitle } from '@/components/use-page-title'
import { HtmlImport } from '@/features/recipe-import'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'

export default function CreateHtmlPage() {
  const { t } = useStrings('recipe-import')
  const { groupSlug = '' } = useParams()
  usePageTitle(t('pages.createHtml.title'))
  return <HtmlImport recipePath={(slug) => paths.groupRecipe(groupSlug, slug)} />
}
