import { IconDatabaseExport } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function BackupsPage() {
  return <EmptyPage page="adminBackups" icon={IconDatabaseExport} />
}
