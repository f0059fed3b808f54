import { IconPhoto } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateImagePage() {
  return <EmptyPage page="createImage" icon={IconPhoto} />
}
