import { IconTransfer } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function MigrationsPage() {
  return <EmptyPage page="migrations" icon={IconTransfer} />
}
