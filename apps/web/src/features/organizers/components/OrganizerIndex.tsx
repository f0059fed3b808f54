import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconChevronRight, IconSearch, IconSettings } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useEveryOrganizer, type Organizer, type OrganizerKind } from '@/features/organizers/api/organizers'
import { paths } from '@/app/paths'
import { useVisitorGroup } from '@/features/auth'
import classes from './OrganizerIndex.module.css'
import { ToolOnHandSwitch } from './ToolOnHandSwitch'

/** Lower case without accents, so "creme" finds "Crème". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
}

/** The section heading of a name: its first letter without accents, upper case; "#" for digits and signs. */
function headingOf(name: string): string {
  const first = folded(name.trim()).charAt(0).toLocaleUpperCase()
  return /\p{L}/u.test(first) ? first : '#'
}

/** The organizers in alphabetical sections, in the reader's language order. */
export function alphabeticalSections(items: Organizer[], locale: string): [string, Organizer[]][] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
  const sorted = [...items].sort((a, b) => collator.compare(a.name, b.name))
  const sections = new Map<string, Organizer[]>()
  for (const item of sorted) {
    const heading = headingOf(item.name)
    sections.set(heading, [...(sections.get(heading) ?? []), item])
  }
  return [...sections.entries()].sort(([a], [b]) => (a === '#' ? -1 : b === '#' ? 1 : collator.compare(a, b)))
}

/**
 * `/g/:groupSlug/recipes/categories`, `/tags`, `/tools`: every one of the group's organizers of a kind, searchable,
 * in letter sections; each opens the recipe explorer filtered by it. Tools switch on hand for the household.
 */
export function OrganizerIndex(props: { kind: OrganizerKind; groupSlug: string; canOrganize: boolean }) {
  const { t, i18n } = useStrings('organize')
  const { kind } = props
  const list = useEveryOrganizer(kind)
  // A signed-out visitor reads a public group's organizers; a tool is on hand in a household, which they have not.
  const visitor = useVisitorGroup() !== null
  const [search, setSearch] = useState('')
  const needle = folded(search.trim())

  const sections = useMemo(() => {
    const items = list.data?.items ?? []
    const matching = needle ? items.filter((item) => folded(item.name).includes(needle)) : items
    return alphabeticalSections(matching, i18n.language)
  }, [list.data, needle, i18n.language])

  const manage = props.canOrganize && (
    <Button component={Link} to={paths.groupDataType(kind)} variant="default" leftSection={<IconSettings size={16} />}>
      {t(`organizers.${kind}.manage`)}
    </Button>
  )

  return (
    <QueryState query={list}>
      {(page) =>
        page.items.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" data-testid="organizers-empty">
            <Stack align="center" gap="sm" ta="center">
              <Text fw={600}>{t(`organizers.${kind}.none`)}</Text>
              <Text size="sm" c="dimmed" maw={420}>
                {t(`organizers.${kind}.noneHint`)}
              </Text>
              {manage}
            </Stack>
          </Paper>
        ) : (
          <Stack gap="lg">
            <Group gap="xs" wrap="wrap">
              <TextInput
                aria-label={t('common.search')}
                placeholder={t(`organizers.${kind}.search`)}
                leftSection={<IconSearch size={16} />}
                style={{ flex: '1 1 14rem' }}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              {manage}
            </Group>
            {sections.length === 0 ? (
              <EmptyNote>{t('organizers.noMatch', { search: search.trim() })}</EmptyNote>
            ) : (
              sections.map(([heading, items]) => (
                <section key={heading} aria-labelledby={`${kind}-section-${heading}`}>
                  <Title order={2} fz="lg" mb="xs" id={`${kind}-section-${heading}`}>
                    {heading}
                  </Title>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="xs">
                    {items.map((item) => {
                      const to = paths.groupRecipesWith(props.groupSlug, kind, item.slug)
                      return kind === 'tools' ? (
                        <Paper key={item.id} withBorder radius="md" data-testid={`organizer-${item.slug}`}>
                          <Group justify="space-between" wrap="nowrap" gap="sm" pr="md">
                            <Anchor
                              component={Link}
                              to={to}
                              fw={600}
                              px="md"
                              py="sm"
                              style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                            >
                              {item.name}
                            </Anchor>
                            {!visitor && <ToolOnHandSwitch tool={item} />}
                          </Group>
                        </Paper>
                      ) : (
                        <Paper
                          key={item.id}
                          component={Link}
                          to={to}
                          withBorder
                          radius="md"
                          px="md"
                          py="sm"
                          data-testid={`organizer-${item.slug}`}
                          className={classes.card}
                        >
                          <Group justify="space-between" wrap="nowrap" gap="sm">
                            <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                              {item.name}
                            </Text>
                            <IconChevronRight size={16} aria-hidden className={classes.chevron} />
                          </Group>
                        </Paper>
                      )
                    })}
                  </SimpleGrid>
                </section>
              ))
            )}
          </Stack>
        )
      }
    </QueryState>
  )
}
