import { lazy } from 'react'
import { useParams } from 'react-router'

// The view is a chunk of its own, loaded by this page: the router (in the first page's entry) then lists only this
// small page's files to preload, not the view's (Markdown, the recipe card styles, …), keeping /login within budget.
const SharedRecipe = lazy(() =>
  import('@/features/recipe-pages/components/SharedRecipe').then((module) => ({ default: module.SharedRecipe })),
)

export default function SharedRecipePage() {
  const { id = '' } = useParams()
  return <SharedRecipe token={id} />
}
