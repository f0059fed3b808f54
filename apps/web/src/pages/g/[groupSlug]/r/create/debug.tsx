import { IconBug } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateDebugPage() {
  return <EmptyPage page="createDebug" icon={IconBug} />
}
