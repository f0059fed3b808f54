import type { Recipe } from '@larder/contracts'
import { Box, SimpleGrid } from '@mantine/core'
import { useAuth } from '@/features/auth'
import { useNearScreen } from '@/hooks/use-near-screen'
import { RecipeComments } from './RecipeComments'
import { RecipeTimeline } from './RecipeTimeline'

/**
 * Below the recipe: its timeline and its comments, for signed-in members. Asked for and drawn when the reader scrolls
 * near them: at the foot of a long recipe, their requests and their drawing landed seconds after the page, a long task
 * that held back its time to interactive on a phone (docs/budgets.md "Web budgets").
 */
export function RecipeActivity(props: { recipe: Recipe }) {
  const { user } = useAuth()
  const [nearScreen, near] = useNearScreen()
  if (!user) return null
  return (
    <Box ref={nearScreen} className="no-print">
      {near && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <RecipeTimeline recipe={props.recipe} />
          <RecipeComments recipe={props.recipe} />
        </SimpleGrid>
      )}
    </Box>
  )
}
