import { IconUsersGroup } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function ManageGroupsPage() {
  return <EmptyPage page="adminGroups" icon={IconUsersGroup} />
}
