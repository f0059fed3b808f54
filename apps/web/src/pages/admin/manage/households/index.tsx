import '@/components/styles'
import { IconHome } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { HouseholdsTable } from '@/features/admin/components/HouseholdsTable'

export default function AdminHouseholdsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.adminHouseholds.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminHouseholds.title')}
        description={t('pages.adminHouseholds.description')}
        icon={IconHome}
      />
      <HouseholdsTable />
    </>
  )
}
