import { IconSparkles } from '@tabler/icons-react'
import { useAppInfo } from '@/api/app-queries'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { OpenAiTest } from '@/features/admin/components/OpenAiTest'
import { useStrings } from '@/i18n/use-strings'

export default function DebugOpenAiPage() {
  const { t } = useStrings('admin-debug')
  const about = useAppInfo()
  usePageTitle(t('pages.adminDebugOpenai.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminDebugOpenai.title')}
        description={t('pages.adminDebugOpenai.description')}
        icon={IconSparkles}
      />
      <OpenAiTest
        enabled={about.data?.enableOpenai ?? true}
        imagesEnabled={about.data?.enableOpenaiImageServices ?? true}
      />
    </>
  )
}
