import { IconHome } from '@tabler/icons-react'
import { EmptyPage } from '../../../../components/EmptyPage'

export default function ManageHouseholdPage() {
  return <EmptyPage page="adminHousehold" icon={IconHome} />
}
