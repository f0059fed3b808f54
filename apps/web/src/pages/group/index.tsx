import { IconUsersGroup } from '@tabler/icons-react'
import { EmptyPage } from '../../components/EmptyPage'

export default function GroupSettingsPage() {
  return <EmptyPage page="group" icon={IconUsersGroup} />
}
