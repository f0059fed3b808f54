import { IconToolsKitchen2 } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataRecipesPage() {
  return <EmptyPage page="dataRecipes" icon={IconToolsKitchen2} />
}
