import { IconTools } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function ToolsPage() {
  return <EmptyPage page="tools" icon={IconTools} />
}
