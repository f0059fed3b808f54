import { IconTools } from '@tabler/icons-react'
import { OrganizerTable } from '@/features/organizers/components/OrganizerTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataToolsPage() {
  return (
    <>
      <DataPageHeader page="dataTools" icon={IconTools} />
      <OrganizerTable kind="tools" />
    </>
  )
}
