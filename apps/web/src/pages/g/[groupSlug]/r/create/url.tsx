import { IconLink } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateUrlPage() {
  return <EmptyPage page="createUrl" icon={IconLink} />
}
