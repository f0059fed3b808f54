import { IconBolt } from '@tabler/icons-react'
import { RecipeActionsTable } from '@/features/recipe-actions'
import { DataPageHeader } from './DataPageHeader'

export default function DataRecipeActionsPage() {
  return (
    <>
      <DataPageHeader page="dataRecipeActions" icon={IconBolt} />
      <RecipeActionsTable />
    </>
  )
}
