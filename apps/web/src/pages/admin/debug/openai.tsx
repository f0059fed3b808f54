import { IconSparkles } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DebugOpenAiPage() {
  return <EmptyPage page="adminDebugOpenai" icon={IconSparkles} />
}
