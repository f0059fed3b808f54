import { IconHome } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function ManageHouseholdsPage() {
  return <EmptyPage page="adminHouseholds" icon={IconHome} />
}
