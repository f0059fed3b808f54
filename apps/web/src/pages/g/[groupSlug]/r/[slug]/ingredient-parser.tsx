import { IconListDetails } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function IngredientParserPage() {
  return <EmptyPage page="ingredientParser" icon={IconListDetails} />
}
