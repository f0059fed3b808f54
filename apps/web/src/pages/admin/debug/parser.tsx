import { IconListSearch } from '@tabler/icons-react'
import { useAppInfo } from '@/api/app-queries'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { ParserComparison } from '@/features/ingredient-parser'
import { useStrings } from '@/i18n/use-strings'

export default function DebugParserPage() {
  const { t } = useStrings('ingredient-parser')
  const about = useAppInfo()
  usePageTitle(t('pages.adminDebugParser.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminDebugParser.title')}
        description={t('debug.description')}
        icon={IconListSearch}
      />
      <ParserComparison openAiEnabled={about.data?.enableOpenai ?? false} />
    </>
  )
}
