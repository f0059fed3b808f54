import '@/components/styles'
import { IconTool } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { MaintenancePanel } from '@/features/admin/components/MaintenancePanel'

export default function MaintenancePage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.adminMaintenance.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminMaintenance.title')}
        description={t('pages.adminMaintenance.description')}
        icon={IconTool}
      />
      <MaintenancePanel />
    </>
  )
}
