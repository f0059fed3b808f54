import { Stack } from '@mantine/core'
import { IconTransfer } from '@tabler/icons-react'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { MigrationForm } from '@/features/migrations'
import { ReportsTable } from '@/features/reports'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'

export default function MigrationsPage() {
  const { t } = useStrings('migrations')
  usePageTitle(t('pages.migrations.title'))
  return (
    <>
      <PageHeader
        title={t('pages.migrations.title')}
        description={t('pages.migrations.description')}
        icon={IconTransfer}
      />
      <Stack gap="xl">
        <MigrationForm />
        <ReportsTable category="migration" title={t('previous')} reportPath={paths.groupReport} />
      </Stack>
    </>
  )
}
