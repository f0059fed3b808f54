import { IconReport } from '@tabler/icons-react'
import { useLocation, useParams } from 'react-router'
import { ApiError } from '@/api/api-error'
import { BackLink } from '@/components/BackLink'
import { PageHeader } from '@/components/PageHeader'
import { QueryState } from '@/components/QueryState'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { ReportView, useReport } from '@/features/reports'
import { useStrings } from '@/i18n/use-strings'
import { ErrorContent } from '@/layouts/error/ErrorContent'
import { paths } from '@/app/paths'

/** `/group/reports/:id`: one report with its entries, asked again while its work goes on. */
export default function ReportPage() {
  const { t } = useStrings('reports')
  const { id = '' } = useParams()
  const location = useLocation()
  const report = useReport(id)
  const { user } = useAuth()
  usePageTitle(report.data?.name ?? t('pages.report.title'))
  if (report.error instanceof ApiError && (report.error.status === 404 || report.error.status === 422)) {
    return <ErrorContent kind="not-found" path={location.pathname} />
  }
  const back =
    report.data?.category === 'bulk_import' && user?.groupSlug
      ? { to: paths.recipeCreateMethod(user.groupSlug, 'bulk'), label: t('backToBulk') }
      : { to: paths.groupMigrations, label: t('backToMigrations') }
  return (
    <>
      {report.data && <BackLink to={back.to} label={back.label} />}
      <PageHeader title={t('pages.report.title')} description={t('pages.report.description')} icon={IconReport} />
      <QueryState query={report}>
        {(data) => (
          <ReportView
            report={data}
            {...(user?.groupSlug ? { recipePath: (slug: string) => paths.groupRecipe(user.groupSlug, slug) } : {})}
          />
        )}
      </QueryState>
    </>
  )
}
