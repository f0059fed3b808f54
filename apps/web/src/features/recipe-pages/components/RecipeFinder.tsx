import { Group, MultiSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { everyFoodQuery } from '@/features/foods/api/foods'
import { everyOrganizerQuery } from '@/features/organizers/api/organizers'
import { useStrings } from '@/i18n/use-strings'
import { useSuggestions, type SuggestionInput } from '@/features/recipe-pages/api/suggestions'
import { RecipeCardGrid } from '@/features/recipe-pages/components/RecipeCards'
import { RecipeCard } from '@/features/recipes'

/**
 * `/g/:groupSlug/recipes/finder`: pick foods and tools (starting with what the household has on hand) and how many
 * may be missing; the recipes that need the fewest others come first.
 */
export function RecipeFinder(props: { groupSlug: string }) {
  const { t, i18n } = useStrings('recipe-pages')
  const foods = useQuery(everyFoodQuery)
  const tools = useQuery(everyOrganizerQuery('tools'))
  const [pickedFoods, setPickedFoods] = useState<string[] | null>(null)
  const [pickedTools, setPickedTools] = useState<string[] | null>(null)
  const [maxMissingFoods, setMaxMissingFoods] = useState(3)
  const [maxMissingTools, setMaxMissingTools] = useState(3)

  const onHandFoods = useMemo(
    () => (foods.data?.items ?? []).filter((food) => food.onHand).map((food) => food.id),
    [foods.data],
  )
  const onHandTools = useMemo(
    () => (tools.data?.items ?? []).filter((tool) => tool.onHand).map((tool) => tool.id),
    [tools.data],
  )
  const chosenFoods = pickedFoods ?? onHandFoods
  const chosenTools = pickedTools ?? onHandTools
  const ready = foods.isSuccess && tools.isSuccess
  const input: SuggestionInput | null = ready
    ? { foods: chosenFoods, tools: chosenTools, maxMissingFoods, maxMissingTools }
    : null
  const [settled] = useDebouncedValue(input, 300)
  const suggestions = useSuggestions(settled)
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' })

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <MultiSelect
            label={t('finder.foods')}
            description={t('finder.foodsHint')}
            data={(foods.data?.items ?? []).map((food) => ({ value: food.id, label: food.name }))}
            value={chosenFoods}
            onChange={setPickedFoods}
            searchable
            clearable
            disabled={!foods.isSuccess}
            nothingFoundMessage={t('filter.noChoices')}
          />
          <MultiSelect
            label={t('finder.tools')}
            description={t('finder.toolsHint')}
            data={(tools.data?.items ?? []).map((tool) => ({ value: tool.id, label: tool.name }))}
            value={chosenTools}
            onChange={setPickedTools}
            searchable
            clearable
            disabled={!tools.isSuccess}
            nothingFoundMessage={t('filter.noChoices')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('finder.maxMissingFoods')}
              min={0}
              max={50}
              value={maxMissingFoods}
              onChange={(value) => setMaxMissingFoods(typeof value === 'number' ? value : 0)}
            />
            <NumberInput
              label={t('finder.maxMissingTools')}
              min={0}
              max={50}
              value={maxMissingTools}
              onChange={(value) => setMaxMissingTools(typeof value === 'number' ? value : 0)}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="finder-results">
        <Title order={2} fz="lg" id="finder-results">
          {t('finder.results')}
        </Title>
        <QueryState query={{ ...suggestions, isPending: suggestions.isPending || !ready }}>
          {(answer) =>
            answer.items.length === 0 ? (
              <EmptyNote>{t('finder.none')}</EmptyNote>
            ) : (
              <RecipeCardGrid>
                {answer.items.map((item) => (
                  <Stack key={item.recipe.id} gap={6}>
                    <RecipeCard recipe={item.recipe} groupSlug={props.groupSlug} />
                    {item.missingFoods.length === 0 && item.missingTools.length === 0 ? (
                      <Group gap={4} wrap="nowrap" c="success">
                        <IconCheck size={14} aria-hidden="true" />
                        <Text size="xs" fw={600} c="success">
                          {t('finder.allThere')}
                        </Text>
                      </Group>
                    ) : (
                      <Stack gap={2}>
                        {item.missingFoods.length > 0 && (
                          <Text size="xs" c="dimmed">
                            {t('finder.missingFoods', {
                              list: list.format(item.missingFoods.map((food) => food.name)),
                            })}
                          </Text>
                        )}
                        {item.missingTools.length > 0 && (
                          <Text size="xs" c="dimmed">
                            {t('finder.missingTools', {
                              list: list.format(item.missingTools.map((tool) => tool.name)),
                            })}
                          </Text>
                        )}
                      </Stack>
                    )}
                  </Stack>
                ))}
              </RecipeCardGrid>
            )
          }
        </QueryState>
      </Stack>
    </Stack>
  )
}
