import { IconBooks } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CookbooksPage() {
  return <EmptyPage page="cookbooks" icon={IconBooks} />
}
