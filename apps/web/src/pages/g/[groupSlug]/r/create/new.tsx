import { IconPencilPlus } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateNewPage() {
  return <EmptyPage page="createNew" icon={IconPencilPlus} />
}
