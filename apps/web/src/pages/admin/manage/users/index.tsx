import { IconUsers } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function ManageUsersPage() {
  return <EmptyPage page="adminUsers" icon={IconUsers} />
}
