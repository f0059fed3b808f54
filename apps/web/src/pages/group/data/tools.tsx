import { IconTools } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataToolsPage() {
  return <EmptyPage page="dataTools" icon={IconTools} />
}
