import { IconUsers } from '@tabler/icons-react'
import { EmptyPage } from '../../components/EmptyPage'

export default function MembersPage() {
  return <EmptyPage page="members" icon={IconUsers} />
}
