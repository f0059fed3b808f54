import { IconUsersGroup } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function ManageGroupPage() {
  return <EmptyPage page="adminGroup" icon={IconUsersGroup} />
}
