import { IconTag } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataLabelsPage() {
  return <EmptyPage page="dataLabels" icon={IconTag} />
}
