import '@/components/styles'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Typography.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Affix.css'
import '@mantine/core/styles/Alert.css'
import '@/features/recipes/components/recipes.css'
import type { Recipe } from '@larder/contracts'
import { scaleFactor } from '@larder/kitchen'
import { Affix, Box, Grid, Paper, Stack, Title } from '@mantine/core'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { useSearchParams } from 'react-router'
import { usePageTitle } from '@/components/use-page-title'
import { usePartsShown } from '@/hooks/use-parts-shown'
import { useReleaseFirstPaint } from '@/app/first-paint'
import { TimerTray } from '@/features/recipes/components/cook/TimerTray'
import { useCookTimers } from '@/features/recipes/cook/use-cook-timers'
import { baseServings, shownIngredients, type UnitSystem } from '@/features/recipes/recipe-scaling'
import { useChecklist } from '@/features/recipes/use-checklist'
import { IngredientList } from './IngredientList'
import { RecipeActions } from './RecipeActions'
import { RecipeDetails, RecipeOrganizers } from './RecipeDetails'
import { RecipeHeader } from './RecipeHeader'
import { ServingsControls } from './ServingsControls'
import { StepList } from './StepList'

// Cook mode (its modal, progress bar and wake lock) is loaded when it is entered, not with the recipe (docs/budgets.md "Web budgets").
const CookMode = lazy(() =>
  import('@/features/recipes/components/cook/CookMode').then((module) => ({ default: module.CookMode })),
)
import { RecipeActivity } from '@/features/recipes/components/RecipeActivity'
import { RecipeSocialBar } from '@/features/recipes/components/RecipeSocialBar'

const unitsKey = 'larder.recipe-units'

function storedUnits(): UnitSystem {
  const stored = localStorage.getItem(unitsKey)
  return stored === 'metric' || stored === 'us' ? stored : 'original'
}

/** "6 loaves" for a yield of 4 loaves scaled ×1.5; the text alone when the recipe gives no quantity. */
function yieldText(recipe: Recipe, factor: number): string | null {
  const unit = recipe.recipeYield?.trim() ?? ''
  if (recipe.recipeYieldQuantity > 0) {
    const quantity = Math.round(recipe.recipeYieldQuantity * factor * 100) / 100
    return unit ? `${quantity} ${unit}` : String(quantity)
  }
  return unit || null
}

/**
 * The page's parts, in the order usePartsShown draws them: the header, its rating and sharing bar, the ingredients a
 * phone's first screen shows, the rest of them, the steps, and the rest.
 */
const parts = { header: 1, social: 2, ingredients: 3, moreIngredients: 4, steps: 5, details: 6 } as const

/** The ingredient lines drawn with the ingredients' part; the rest follow in the next (a phone's first screen). */
const firstIngredientLines = 6

/**
 * A recipe to cook from: header, servings scaler and unit toggle, the ingredient checklist, the steps with their
 * ingredients, details, and cook mode (`?cook=true`, so back leaves it).
 */
export function RecipeView({ recipe, groupSlug }: { recipe: Recipe; groupSlug: string }) {
  const { t } = useStrings('recipes')
  usePageTitle(recipe.name)
  const [searchParams, setSearchParams] = useSearchParams()
  const cooking = searchParams.get('cook') === 'true'
  const base = baseServings(recipe)
  const [servings, setServings] = useState(base ?? 1)
  const [units, setUnitsState] = useState<UnitSystem>(storedUnits)
  const setUnits = (next: UnitSystem) => {
    setUnitsState(next)
    localStorage.setItem(unitsKey, next)
  }
  const factor = base ? scaleFactor(base, servings) : servings
  const { checklist, toggle } = useChecklist(recipe.id)
  const timers = useCookTimers()
  const shown = usePartsShown(parts.details)
  // Worked out with the part that first shows them (or cook mode): the first render of the page stays short.
  const ingredientsNeeded = shown >= parts.ingredients || cooking
  const ingredients = useMemo(
    () => (ingredientsNeeded ? shownIngredients(recipe, factor, units) : []),
    [ingredientsNeeded, recipe, factor, units],
  )
  useReleaseFirstPaint(shown === parts.details)

  const setCooking = (on: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (on) next.set('cook', 'true')
        else next.delete('cook')
        return next
      },
      { replace: !on },
    )

  return (
    // Busy while parts are still to come (under the server's drawing, when there is one).
    <Box pb="xl" data-testid="recipe-view" aria-busy={shown < parts.details}>
      {shown >= parts.header && (
        <RecipeHeader
          recipe={recipe}
          yieldText={yieldText(recipe, factor)}
          actions={<RecipeActions recipe={recipe} groupSlug={groupSlug} onCook={() => setCooking(true)} />}
        />
      )}
      {shown >= parts.social && <RecipeSocialBar recipe={recipe} groupSlug={groupSlug} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          {shown >= parts.ingredients && (
            <Paper withBorder radius="md" p="md" className="recipe-print-break">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t('page.ingredients')}
                </Title>
                <ServingsControls
                  base={base}
                  servings={servings}
                  onServings={setServings}
                  units={units}
                  onUnits={setUnits}
                />
                <IngredientList
                  ingredients={
                    shown >= parts.moreIngredients ? ingredients : ingredients.slice(0, firstIngredientLines)
                  }
                  groupSlug={groupSlug}
                  checked={checklist.ingredients}
                  onToggle={(id) => toggle('ingredients', id)}
                />
              </Stack>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} className="recipe-below-fold">
          {shown >= parts.steps && (
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('page.instructions')}
              </Title>
              <StepList
                steps={recipe.recipeInstructions}
                ingredients={ingredients}
                units={units}
                done={checklist.steps}
                onToggle={(id) => toggle('steps', id)}
              />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      {shown >= parts.details && (
        <Stack gap="md" mt="lg" className="recipe-below-fold">
          <RecipeOrganizers recipe={recipe} groupSlug={groupSlug} />
          <RecipeDetails recipe={recipe} />
          <RecipeActivity recipe={recipe} />
        </Stack>
      )}
      {cooking ? (
        <Suspense fallback={null}>
          <CookMode
            recipe={recipe}
            ingredients={ingredients}
            units={units}
            timers={timers}
            onExit={() => setCooking(false)}
          />
        </Suspense>
      ) : (
        timers.timers.length > 0 && (
          <Affix position={{ bottom: 16, right: 16 }} zIndex={150} w={{ base: 'calc(100% - 32px)', sm: 360 }}>
            <TimerTray timers={timers} />
          </Affix>
        )
      )}
    </Box>
  )
}
