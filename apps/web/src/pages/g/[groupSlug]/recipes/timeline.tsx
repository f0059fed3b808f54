import { IconTimeline } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function TimelinePage() {
  return <EmptyPage page="timeline" icon={IconTimeline} />
}
