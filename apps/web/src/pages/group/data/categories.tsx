import { IconCategory } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataCategoriesPage() {
  return <EmptyPage page="dataCategories" icon={IconCategory} />
}
