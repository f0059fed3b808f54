import { IconToolsKitchen2 } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function RecipePage() {
  return <EmptyPage page="recipe" icon={IconToolsKitchen2} />
}
