import { IconListSearch } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DebugParserPage() {
  return <EmptyPage page="adminDebugParser" icon={IconListSearch} />
}
