import '@/components/styles'
import { IconDatabaseExport } from '@tabler/icons-react'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { BackupsPanel } from '@/features/admin/components/BackupsPanel'
import { useStrings } from '@/i18n/use-strings'

export default function BackupsPage() {
  const { t } = useStrings('backups')
  usePageTitle(t('pages.adminBackups.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminBackups.title')}
        description={t('pages.adminBackups.description')}
        icon={IconDatabaseExport}
      />
      <BackupsPanel />
    </>
  )
}
