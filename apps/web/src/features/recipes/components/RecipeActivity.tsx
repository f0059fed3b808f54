import type { Recipe } from '@larder/contracts'
import { SimpleGrid } from '@mantine/core'
import { useAuth } from '@/features/auth'
import { RecipeComments } from './RecipeComments'
import { RecipeTimeline } from './RecipeTimeline'

/** Below the recipe: its timeline and its comments, for signed-in members. */
export function RecipeActivity(props: { recipe: Recipe }) {
  const { user } = useAuth()
  if (!user) return null
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className="no-print">
      <RecipeTimeline recipe={props.recipe} />
      <RecipeComments recipe={props.recipe} />
    </SimpleGrid>
  )
}
