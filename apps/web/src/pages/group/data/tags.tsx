import { IconTags } from '@tabler/icons-react'
import { OrganizerTable } from '@/features/organizers/components/OrganizerTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataTagsPage() {
  return (
    <>
      <DataPageHeader page="dataTags" icon={IconTags} />
      <OrganizerTable kind="tags" />
    </>
  )
}
