import '@/components/styles'
import { IconSettings } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { SiteSettings } from '@/features/admin/components/SiteSettings'

export default function SiteSettingsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.adminSiteSettings.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminSiteSettings.title')}
        description={t('pages.adminSiteSettings.description')}
        icon={IconSettings}
      />
      <SiteSettings />
    </>
  )
}
