import { useAppInfo } from '@/api/app-queries'
import { usePageTitle } from '@/components/use-page-title'
import { ScrapeDebug } from '@/features/recipe-import'
import { useStrings } from '@/i18n/use-strings'

export default function CreateDebugPage() {
  const { t } = useStrings('recipe-import')
  const about = useAppInfo()
  usePageTitle(t('pages.createDebug.title'))
  return <ScrapeDebug openAiEnabled={about.data?.enableOpenai ?? false} />
}
