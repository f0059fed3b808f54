import { IconCode } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function CreateHtmlPage() {
  return <EmptyPage page="createHtml" icon={IconCode} />
}
