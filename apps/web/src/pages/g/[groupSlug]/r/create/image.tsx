import { useParams } from 'react-router'
import { useAppInfo } from '@/api/app-queries'
import { QueryState } from '@/components/QueryState'
import { usePageTitle } from '@/components/use-page-title'
import { ImageImport } from '@/features/recipe-import'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'

/** Reading photos needs the server's AI provider with image services: the about answer says whether it has one. */
export default function CreateImagePage() {
  const { t, i18n } = useStrings('recipe-import')
  const { groupSlug = '' } = useParams()
  const about = useAppInfo()
  usePageTitle(t('pages.createImage.title'))
  return (
    <QueryState query={about}>
      {(info) => (
        <ImageImport
          enabled={info.enableOpenai && info.enableOpenaiImageServices}
          language={i18n.language}
          recipePath={(slug) => paths.groupRecipe(groupSlug, slug)}
        />
      )}
    </QueryState>
  )
}
