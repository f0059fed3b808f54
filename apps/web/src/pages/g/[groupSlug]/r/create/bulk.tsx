import { Stack } from '@mantine/core'
import { useParams } from 'react-router'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { BulkImport } from '@/features/recipe-import'
import { ReportsTable } from '@/features/reports'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'

export default function CreateBulkPage() {
  const { t } = useStrings('recipe-import')
  const { user } = useAuth()
  const { groupSlug = '' } = useParams()
  usePageTitle(t('pages.createBulk.title'))
  return (
    <Stack gap="xl">
      <BulkImport canOrganize={user?.canOrganize ?? false} recipePath={(slug) => paths.groupRecipe(groupSlug, slug)} />
      <ReportsTable category="bulk_import" title={t('bulk.previous')} reportPath={paths.groupReport} />
    </Stack>
  )
}
