import { IconUser } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function ManageUserPage() {
  return <EmptyPage page="adminUser" icon={IconUser} />
}
