import { useParams } from 'react-router'
import { usePageTitle } from '@/components/use-page-title'
import { ZipImport } from '@/features/recipe-import'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'

export default function CreateZipPage() {
  const { t } = useStrings('recipe-import')
  const { groupSlug = '' } = useParams()
  usePageTitle(t('pages.createZip.title'))
  return <ZipImport recipePath={(slug) => paths.groupRecipe(groupSlug, slug)} />
}
