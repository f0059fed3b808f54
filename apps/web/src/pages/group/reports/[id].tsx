import { IconReport } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function ReportPage() {
  return <EmptyPage page="report" icon={IconReport} />
}
