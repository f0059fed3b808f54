import { IconToolsKitchen2 } from '@tabler/icons-react'
import { useAuth } from '@/features/auth'
import { RecipeDataTable } from '@/features/recipes/components/RecipeDataTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataRecipesPage() {
  const { user } = useAuth()
  return (
    <>
      <DataPageHeader page="dataRecipes" icon={IconToolsKitchen2} />
      <RecipeDataTable groupSlug={user?.groupSlug ?? ''} />
    </>
  )
}
