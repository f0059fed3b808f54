import { nutritionFields, type Recipe } from '@larder/contracts'
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconExternalLink, IconFile } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { RecipeNotes } from '@/features/recipes/components/RecipeNotes'

function Section(props: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" className="recipe-print-break" data-testid={props.testId}>
      <Title order={2} fz="lg" mb="sm">
        {props.title}
      </Title>
      {props.children}
    </Paper>
  )
}

/** The explorer filtered by one organizer. */
const explorerWith = (groupSlug: string, kind: 'categories' | 'tags' | 'tools', slug: string) =>
  `${paths.group(groupSlug)}?${new URLSearchParams({ [kind]: slug }).toString()}`

/** Categories, tags and tools as chips that open the explorer filtered by them. */
export function RecipeOrganizers({ recipe, groupSlug }: { recipe: Recipe; groupSlug: string }) {
  const { t } = useStrings('recipes')
  const groups = [
    ['categories', recipe.recipeCategory],
    ['tags', recipe.tags],
    ['tools', recipe.tools],
  ] as const
  if (groups.every(([, items]) => items.length === 0)) return null
  return (
    <Stack gap="xs">
      {groups.map(
        ([kind, items]) =>
          items.length > 0 && (
            <Group key={kind} gap={6} align="center">
              <Text size="sm" c="dimmed" fw={600} component="h2" m={0} fz="sm">
                {t(`filters.${kind}`)}
              </Text>
              <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {items.map((item) => (
                  <li key={item.id}>
                    <Badge
                      component={Link}
                      to={explorerWith(groupSlug, kind, item.slug)}
                      variant="light"
                      radius="sm"
                      tt="none"
                      size="lg"
                      style={{ cursor: 'pointer' }}
                    >
                      {item.name}
                    </Badge>
                  </li>
                ))}
              </Group>
            </Group>
          ),
      )}
    </Stack>
  )
}

/** The host of an http(s) address, or null for anything else (no `javascript:` links from imported data). */
function hostOf(address: string | null): string | null {
  if (!address) return null
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : null
  } catch {
    return null
  }
}

/** Nutrition (when the recipe shows it), notes, assets (when shown) and the source link. */
export function RecipeDetails({ recipe }: { recipe: Recipe }) {
  const { t } = useStrings('recipes')
  const nutrition = recipe.settings.showNutrition
    ? nutritionFields.filter((field) => recipe.nutrition?.[field]?.trim())
    : []
  const sourceHost = hostOf(recipe.orgURL)
  return (
    <Stack gap="md">
      {nutrition.length > 0 && (
        <Section title={t('page.nutrition')} testId="nutrition">
          <Table striped withRowBorders={false}>
            <Table.Tbody>
              {nutrition.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row" fw={500}>
                    {t(`nutrition.${field}`)}
                  </Table.Th>
                  <Table.Td ta="end">{recipe.nutrition?.[field]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
      {recipe.notes.length > 0 && (
        <Section title={t('page.notes')}>
          <RecipeNotes notes={recipe.notes} />
        </Section>
      )}
      {recipe.settings.showAssets && recipe.assets.length > 0 && (
        <Section title={t('page.assets')} testId="assets">
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {recipe.assets.map((asset) => (
              <li key={asset.fileName}>
                <Anchor
                  href={`/api/media/recipes/${encodeURIComponent(recipe.id)}/assets/${encodeURIComponent(asset.fileName)}`}
                  download={asset.fileName}
                >
                  <Group gap={6} wrap="nowrap">
                    <IconFile size={16} aria-hidden="true" />
                    {asset.name || asset.fileName}
                  </Group>
                </Anchor>
              </li>
            ))}
          </Stack>
        </Section>
      )}
      {sourceHost && recipe.orgURL && (
        <Text size="sm">
          {t('page.source')}{' '}
          <Anchor href={recipe.orgURL} target="_blank" rel="noopener noreferrer nofollow">
            {sourceHost}
            <IconExternalLink size={14} aria-hidden="true" style={{ marginInlineStart: 4, verticalAlign: -2 }} />
          </Anchor>
        </Text>
      )}
    </Stack>
  )
}
