import '@/components/styles'
import { IconWebhook } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { WebhooksPanel } from '@/features/webhooks/components/WebhooksPanel'
import { useStrings } from '@/i18n/use-strings'

export default function WebhooksPage() {
  const { t } = useTranslation()
  const { t: strings } = useStrings('webhooks')
  usePageTitle(t('pages.webhooks.title'))
  return (
    <>
      <PageHeader title={t('pages.webhooks.title')} description={strings('webhooks.intro')} icon={IconWebhook} />
      <WebhooksPanel />
    </>
  )
}
