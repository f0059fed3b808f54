import type { ReportSummaryStatus } from '@larder/contracts'
import { Badge, Loader } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'

const colorOf: Record<ReportSummaryStatus, string> = {
  'in-progress': 'blue',
  success: 'success',
  failure: 'error',
  partial: 'warning',
}

/** In progress, done, failed or partly done — in words, with a colour that only repeats them. */
export function ReportStatusBadge({ status }: { status: ReportSummaryStatus }) {
  const { t } = useStrings('reports')
  return (
    <Badge
      color={colorOf[status]}
      variant="light"
      leftSection={status === 'in-progress' ? <Loader size={10} color="blue" /> : undefined}
    >
      {t(`reports.status.${status}`)}
    </Badge>
  )
}
