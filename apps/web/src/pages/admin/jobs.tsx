import '@/components/styles'
import { IconClockPlay } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { JobsTable } from '@/features/admin/components/JobsTable'

export default function AdminJobsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.adminJobs.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminJobs.title')}
        description={t('pages.adminJobs.description')}
        icon={IconClockPlay}
      />
      <JobsTable />
    </>
  )
}
