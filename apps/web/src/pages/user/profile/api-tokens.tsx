import '@/components/styles'
import { IconApi } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { ApiTokens } from '@/features/users/components/ApiTokens'

export default function ApiTokensPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.apiTokens.title'))
  if (!user) return null
  return (
    <>
      <PageHeader title={t('pages.apiTokens.title')} description={t('pages.apiTokens.description')} icon={IconApi} />
      <ApiTokens user={user} />
    </>
  )
}
