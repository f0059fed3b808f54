import { IconCategory } from '@tabler/icons-react'
import { OrganizerTable } from '@/features/organizers/components/OrganizerTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataCategoriesPage() {
  return (
    <>
      <DataPageHeader page="dataCategories" icon={IconCategory} />
      <OrganizerTable kind="categories" />
    </>
  )
}
