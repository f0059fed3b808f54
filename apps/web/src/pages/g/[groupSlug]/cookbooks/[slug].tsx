import { IconBook } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CookbookPage() {
  return <EmptyPage page="cookbook" icon={IconBook} />
}
