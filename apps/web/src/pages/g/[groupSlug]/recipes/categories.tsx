import { IconCategory } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CategoriesPage() {
  return <EmptyPage page="categories" icon={IconCategory} />
}
