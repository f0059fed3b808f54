import { IconTags } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function TagsPage() {
  return <EmptyPage page="tags" icon={IconTags} />
}
