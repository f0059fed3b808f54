import type { RecipeSummary } from '@larder/contracts'
import { Anchor, AspectRatio, Box, Card, Center, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconChefHat } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import '@mantine/core/styles/AspectRatio.css'
import '@mantine/core/styles/Image.css'
import { paths } from '@/routes/paths'

/** The small picture of a recipe (its cache key in `image`), for cards. */
export function recipeImageUrl(recipe: Pick<RecipeSummary, 'id' | 'image'>, size = 'min-original'): string | null {
  if (!recipe.image) return null
  return `/api/media/recipes/${recipe.id}/images/${size}.webp?version=${encodeURIComponent(recipe.image)}`
}

export function RecipeCard(props: {
  recipe: RecipeSummary
  groupSlug: string
  /** Under the name: what the page adds (missing foods, an un-favourite button). */
  children?: ReactNode
  actions?: ReactNode
}) {
  const { recipe } = props
  const image = recipeImageUrl(recipe)
  return (
    <Card withBorder radius="lg" padding="sm" component="article" aria-labelledby={`recipe-${recipe.id}`}>
      <Card.Section>
        <AspectRatio ratio={16 / 10}>
          {image ? (
            <Image src={image} alt="" loading="lazy" />
          ) : (
            <Center bg="var(--mantine-color-default-hover)">
              <IconChefHat size={40} stroke={1.2} aria-hidden color="var(--mantine-color-dimmed)" />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={paths.groupRecipe(props.groupSlug, recipe.slug)}
            fw={600}
            id={`recipe-${recipe.id}`}
            lineClamp={2}
          >
            {recipe.name}
          </Anchor>
          {props.actions && <Box style={{ flexShrink: 0 }}>{props.actions}</Box>}
        </Group>
        {recipe.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {recipe.description}
          </Text>
        )}
        {props.children}
      </Stack>
    </Card>
  )
}

/** Recipe cards in a grid: one column on phones, up to four on wide screens. */
export function RecipeCardGrid(props: { children: ReactNode; label?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" aria-label={props.label}>
      {props.children}
    </SimpleGrid>
  )
}
