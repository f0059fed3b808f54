import { IconTool } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function MaintenancePage() {
  return <EmptyPage page="adminMaintenance" icon={IconTool} />
}
