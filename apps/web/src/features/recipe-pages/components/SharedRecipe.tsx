import '@/components/styles'
import { nutritionFields, type Recipe } from '@larder/contracts'
import {
  Anchor,
  Badge,
  Center,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { IconClock, IconLinkOff, IconUsers } from '@tabler/icons-react'
import { Fragment } from 'react'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Typography.css'
import { formatRecipeTime, RecipeImage, RecipeMarkdown, RecipeNotes } from '@/features/recipes'
import { ApiError } from '@/api/api-error'
import { QueryState } from '@/components/QueryState'
import { usePageTitle } from '@/components/use-page-title'
import { useStrings } from '@/i18n/use-strings'
import { useSharedRecipe } from '@/features/recipe-pages/api/shared'

const timeFields = ['totalTime', 'prepTime', 'cookTime', 'performTime'] as const

/** Ingredients in their sections: a line with a title starts a new section. */
function ingredientSections(recipe: Recipe) {
  const sections: { title: string | null; lines: Recipe['recipeIngredient'] }[] = []
  for (const line of recipe.recipeIngredient) {
    if (line.title || sections.length === 0) sections.push({ title: line.title || null, lines: [] })
    sections[sections.length - 1]!.lines.push(line)
  }
  return sections.filter((section) => section.lines.length > 0 || section.title)
}

/** A line's words; a line that is only a sub-recipe reads as the sub-recipe's name. */
function lineText(line: Recipe['recipeIngredient'][number]) {
  return line.display || line.note || line.originalText || line.referencedRecipe?.name
}

function Expired() {
  const { t } = useStrings('recipe-pages')
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="shared-expired">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLinkOff size={30} stroke={1.4} />
        </ThemeIcon>
        <Title order={1} fz="xl">
          {t('shared.expired')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shared.expiredHint')}
        </Text>
      </Stack>
    </Paper>
  )
}

/** A recipe read-only, as a share link shows it to anyone: no actions, steps as Markdown without raw HTML. */
export function SharedRecipeView({ recipe, token }: { recipe: Recipe; token: string }) {
  const { t } = useStrings('recipe-pages')
  // Times read "1 h 30 min" in the reader's language, as on the recipe page (the recipes namespace's units).
  const { t: recipeStrings } = useStrings('recipes')
  usePageTitle(recipe.name)
  const times = timeFields.filter((field) => recipe[field])
  const nutrition = recipe.settings.showNutrition ? nutritionFields.filter((field) => recipe.nutrition?.[field]) : []
  return (
    <Stack gap="lg" component="article">
      {recipe.image && (
        <RecipeImage
          recipeId={recipe.id}
          image={recipe.image}
          name={recipe.name}
          size="original"
          width={1200}
          height={600}
          radius="var(--mantine-radius-lg)"
          eager
          shareToken={token}
        />
      )}
      <Stack gap="xs">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {recipe.name}
        </Title>
        {recipe.description && <RecipeMarkdown>{recipe.description}</RecipeMarkdown>}
        <Group gap="xs" wrap="wrap">
          {recipe.recipeServings > 0 && (
            <Badge variant="light" tt="none" leftSection={<IconUsers size={12} />}>
              {t('shared.servings')}: {recipe.recipeServings}
            </Badge>
          )}
          {recipe.recipeYield && (
            <Badge variant="light" tt="none">
              {t('shared.yield')}: {recipe.recipeYield}
            </Badge>
          )}
          {times.map((field) => (
            <Badge key={field} variant="light" color="gray" tt="none" leftSection={<IconClock size={12} />}>
              {t(`shared.${field}`)}: {formatRecipeTime(recipe[field], recipeStrings)}
            </Badge>
          ))}
        </Group>
      </Stack>
      {recipe.recipeIngredient.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="shared-ingredients">
          <Title order={2} fz="lg" mb="sm" id="shared-ingredients">
            {t('shared.ingredients')}
          </Title>
          {ingredientSections(recipe).map((section, index) => (
            <Fragment key={index}>
              {section.title && (
                <Title order={3} fz="md" mt={index > 0 ? 'md' : 0} mb="xs">
                  {section.title}
                </Title>
              )}
              <List spacing={4} size="sm">
                {section.lines.map((line) => (
                  <List.Item key={line.referenceId}>{lineText(line)}</List.Item>
                ))}
              </List>
            </Fragment>
          ))}
        </Paper>
      )}
      {recipe.recipeInstructions.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="shared-steps">
          <Title order={2} fz="lg" id="shared-steps">
            {t('shared.instructions')}
          </Title>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {recipe.recipeInstructions.map((step, index) => (
              <Paper key={step.id} withBorder radius="lg" p="md" component="li">
                <Text size="sm" fw={700} c="dimmed">
                  {step.title || t('shared.step', { number: index + 1 })}
                </Text>
                <RecipeMarkdown>{step.text}</RecipeMarkdown>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
      {recipe.notes.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="shared-notes">
          <Title order={2} fz="lg" mb="sm" id="shared-notes">
            {recipeStrings('page.notes')}
          </Title>
          <RecipeNotes notes={recipe.notes} />
        </Paper>
      )}
      {nutrition.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="shared-nutrition">
          <Title order={2} fz="lg" mb="sm" id="shared-nutrition">
            {t('shared.nutrition')}
          </Title>
          <Table>
            <Table.Tbody>
              {nutrition.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row">{t(`shared.nutrients.${field}`)}</Table.Th>
                  <Table.Td>{recipe.nutrition?.[field]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {recipe.orgURL && /^https?:\/\//i.test(recipe.orgURL) && (
        <Anchor href={recipe.orgURL} target="_blank" rel="noopener noreferrer nofollow" size="sm">
          {t('shared.source')}
        </Anchor>
      )}
    </Stack>
  )
}

/** `/g/:groupSlug/shared/r/:id`: the recipe a share token opens, signed out; a 404 means the link is no more. */
export function SharedRecipe(props: { token: string }) {
  const shared = useSharedRecipe(props.token)
  const gone = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 422)
  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md">
      {gone ? (
        <Expired />
      ) : (
        <QueryState
          query={shared}
          loading={
            <Center py="xl" role="status" aria-busy="true">
              <Loader size="sm" />
            </Center>
          }
        >
          {(recipe) => <SharedRecipeView recipe={recipe} token={props.token} />}
        </QueryState>
      )}
    </Container>
  )
}
