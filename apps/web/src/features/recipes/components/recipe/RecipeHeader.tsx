import type { Recipe } from '@larder/contracts'
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useMemo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { RecipeImage } from '@/features/recipes/components/RecipeImage'
import { RecipeMarkdown } from '@/features/recipes/components/RecipeMarkdown'
import { formatRecipeTime } from '@/features/recipes/recipe-times'

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0}>
        {value}
      </Text>
    </Stack>
  )
}

/**
 * The recipe's picture, name, description, times and yield; `actions` sits beside the name. The ratings (the reader's
 * and the group's average) are in the social bar below, once.
 */
export function RecipeHeader(props: { recipe: Recipe; yieldText: string | null; actions: ReactNode }) {
  const { t } = useStrings('recipes')
  const { recipe } = props
  // Once per recipe and language, not on every render of the page: free-text times go through kitchen's phrase
  // reader, whose first use compiles its patterns.
  const facts = useMemo(() => {
    const times = [
      ['prep', formatRecipeTime(recipe.prepTime, t)],
      ['cook', formatRecipeTime(recipe.cookTime ?? recipe.performTime, t)],
      ['total', formatRecipeTime(recipe.totalTime, t)],
    ] as const
    return times.filter((entry): entry is [(typeof entry)[0], string] => entry[1] !== null)
  }, [recipe.prepTime, recipe.cookTime, recipe.performTime, recipe.totalTime, t])
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="lg">
      <Box maw={{ base: '100%', sm: 560 }}>
        <RecipeImage
          recipeId={recipe.id}
          image={recipe.image}
          name={recipe.name}
          size="original"
          width={800}
          height={600}
          eager
          radius="var(--mantine-radius-lg)"
        />
      </Box>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ wordBreak: 'break-word' }}>
            {recipe.name}
          </Title>
          {props.actions}
        </Group>
        {recipe.description && <RecipeMarkdown>{recipe.description}</RecipeMarkdown>}
        {(facts.length > 0 || props.yieldText) && (
          <Paper withBorder radius="md" p="sm">
            <Group component="dl" gap="xl" m={0} wrap="wrap">
              {facts.map(([kind, value]) => (
                <Fact key={kind} label={t(`page.times.${kind}`)} value={value} />
              ))}
              {props.yieldText && <Fact label={t('page.yield')} value={props.yieldText} />}
            </Group>
          </Paper>
        )}
      </Stack>
    </SimpleGrid>
  )
}
