import { IconBell } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function NotifiersPage() {
  return <EmptyPage page="notifiers" icon={IconBell} />
}
