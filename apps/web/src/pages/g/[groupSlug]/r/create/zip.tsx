import { IconFileZip } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateZipPage() {
  return <EmptyPage page="createZip" icon={IconFileZip} />
}
