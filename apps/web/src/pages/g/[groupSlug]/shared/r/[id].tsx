import '@/components/styles'
import { useParams } from 'react-router'
import { SharedRecipe } from '@/features/recipe-pages/components/SharedRecipe'

export default function SharedRecipePage() {
  const { id = '' } = useParams()
  return <SharedRecipe token={id} />
}
