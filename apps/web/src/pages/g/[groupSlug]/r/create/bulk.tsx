import { IconListNumbers } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateBulkPage() {
  return <EmptyPage page="createBulk" icon={IconListNumbers} />
}
