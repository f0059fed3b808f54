import { IconHome } from '@tabler/icons-react'
import { EmptyPage } from '../../components/EmptyPage'

export default function HouseholdSettingsPage() {
  return <EmptyPage page="household" icon={IconHome} />
}
