import { IconUserPlus } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function CreateUserPage() {
  return <EmptyPage page="adminUserCreate" icon={IconUserPlus} />
}
