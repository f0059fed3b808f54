import { IconTags } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataTagsPage() {
  return <EmptyPage page="dataTags" icon={IconTags} />
}
