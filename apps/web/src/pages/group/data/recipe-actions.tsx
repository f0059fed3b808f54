import { IconBolt } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataRecipeActionsPage() {
  return <EmptyPage page="dataRecipeActions" icon={IconBolt} />
}
