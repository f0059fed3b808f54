import type { RecipeStep } from '@larder/contracts'
import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { Fragment, type MouseEvent } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { RecipeMarkdown } from '@/features/recipes/components/RecipeMarkdown'
import { shownStepText, type ShownIngredient, type UnitSystem } from '@/features/recipes/recipe-scaling'
import { IngredientText } from './IngredientList'

/** The shown ingredients a step refers to (its `ingredientReferences` → the ingredients' `referenceId`). */
export function stepIngredients(step: RecipeStep, ingredients: ShownIngredient[]): ShownIngredient[] {
  const ids = new Set(step.ingredientReferences.map((reference) => reference.referenceId))
  return ingredients.filter((shown) => ids.has(shown.ingredient.referenceId))
}

/**
 * The instructions: section titles, numbered steps with the ingredients each uses, Markdown text. A tap on a step
 * (or its number button, by keyboard) marks it done; links in the text still open.
 */
export function StepList(props: {
  steps: RecipeStep[]
  ingredients: ShownIngredient[]
  units: UnitSystem
  done: string[]
  onToggle: (stepId: string) => void
}) {
  const { t } = useStrings('recipes')
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="step-list">
      {props.steps.map((step, index) => {
        const done = props.done.includes(step.id)
        const uses = stepIngredients(step, props.ingredients)
        const toggleFromCard = (event: MouseEvent) => {
          if ((event.target as HTMLElement).closest('a, button')) return
          props.onToggle(step.id)
        }
        return (
          <Fragment key={step.id}>
            {step.title && (
              <li>
                <Title order={3} fz="md" mt={index === 0 ? 0 : 'sm'}>
                  {step.title}
                </Title>
              </li>
            )}
            <li className="recipe-step recipe-print-break" data-done={done}>
              <Paper withBorder radius="md" p="sm" onClick={toggleFromCard} style={{ cursor: 'pointer' }}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <UnstyledButton
                    onClick={() => props.onToggle(step.id)}
                    aria-pressed={done}
                    aria-label={t(done ? 'page.stepDone' : 'page.markStepDone', { number: index + 1 })}
                    data-testid={`step-toggle-${index + 1}`}
                  >
                    <ThemeIcon
                      size={32}
                      radius="xl"
                      variant={done ? 'filled' : 'light'}
                      color={done ? 'success' : undefined}
                    >
                      {done ? (
                        <IconCheck size={18} aria-hidden="true" />
                      ) : (
                        <Text fw={700} size="sm">
                          {index + 1}
                        </Text>
                      )}
                    </ThemeIcon>
                  </UnstyledButton>
                  <Box className="recipe-step__body" style={{ flex: 1, minWidth: 0 }}>
                    {step.summary && (
                      <Text fw={600} mb={4}>
                        {step.summary}
                      </Text>
                    )}
                    {uses.length > 0 && (
                      <List size="sm" c="dimmed" mb="xs" spacing={2} aria-label={t('page.stepIngredients')}>
                        {uses.map((shown) => (
                          <List.Item key={shown.ingredient.referenceId}>
                            <IngredientText shown={shown} />
                          </List.Item>
                        ))}
                      </List>
                    )}
                    <RecipeMarkdown>{shownStepText(step.text, props.units)}</RecipeMarkdown>
                  </Box>
                </Group>
              </Paper>
            </li>
          </Fragment>
        )
      })}
    </Stack>
  )
}
