import { Badge, Button, CloseButton, Drawer, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconFilter } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'
import { useFilterOptions, type FilterOption } from '@/features/recipes/api/filter-options'
import {
  filterKinds,
  matchableKinds,
  type ExplorerState,
  type FilterKind,
  type MatchableKind,
} from '@/features/recipes/explorer-state'

const isMatchable = (kind: FilterKind): kind is MatchableKind => (matchableKinds as readonly string[]).includes(kind)

function labelOf(options: FilterOption[] | undefined, value: string) {
  return options?.find((option) => option.value === value)?.label ?? value
}

function FilterField(props: {
  kind: FilterKind
  state: ExplorerState
  onChange: (values: string[]) => void
  onRequireAll: (all: boolean) => void
}) {
  const { t } = useStrings('recipes')
  const options = useFilterOptions(props.kind, true)
  const values = props.state.filters[props.kind]
  const label = t(`filters.${props.kind}`)
  // Chosen values stay choosable (and removable) while their list loads or after a rename.
  const data = [
    ...(options.data ?? []),
    ...values
      .filter((value) => !options.data?.some((option) => option.value === value))
      .map((value) => ({ value, label: value })),
  ]
  return (
    <Stack gap={6}>
      <MultiSelect
        label={label}
        data={data}
        value={values}
        onChange={props.onChange}
        searchable
        clearable
        limit={100}
        nothingFoundMessage={options.isPending ? t('common.loading') : t('filters.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        data-testid={`filter-${props.kind}`}
      />
      {isMatchable(props.kind) && (
        <SegmentedControl
          size="xs"
          value={props.state.requireAll[props.kind] ? 'all' : 'any'}
          onChange={(value) => props.onRequireAll(value === 'all')}
          aria-label={t('filters.match', { filter: label })}
          data={[
            { value: 'any', label: t('filters.any') },
            { value: 'all', label: t('filters.all') },
          ]}
          data-testid={`match-${props.kind}`}
        />
      )}
    </Stack>
  )
}

/** The filters button (with the count of chosen values) and its panel: one field per kind, each any or all. */
export function ExplorerFilters(props: {
  state: ExplorerState
  onChange: (change: (state: ExplorerState) => ExplorerState) => void
  onClear: () => void
}) {
  const { t } = useStrings('recipes')
  const [opened, { open, close }] = useDisclosure(false)
  const count = filterKinds.reduce((sum, kind) => sum + props.state.filters[kind].length, 0)
  return (
    <>
      <Button
        variant={count > 0 ? 'light' : 'default'}
        leftSection={<IconFilter size={16} aria-hidden="true" />}
        onClick={open}
        aria-haspopup="dialog"
      >
        {count > 0 ? t('filters.buttonCount', { value: count }) : t('filters.button')}
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="sm"
        title={t('filters.title')}
        closeButtonProps={{ 'aria-label': t('filters.close') }}
      >
        <Stack gap="lg">
          {filterKinds.map((kind) => (
            <FilterField
              key={kind}
              kind={kind}
              state={props.state}
              onChange={(values) =>
                props.onChange((state) => ({ ...state, filters: { ...state.filters, [kind]: values } }))
              }
              onRequireAll={(all) =>
                props.onChange((state) => ({ ...state, requireAll: { ...state.requireAll, [kind]: all } }))
              }
            />
          ))}
          <Group justify="space-between">
            <Button variant="subtle" onClick={props.onClear} disabled={count === 0}>
              {t('filters.clear')}
            </Button>
            <Button onClick={close}>{t('filters.done')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </>
  )
}

function ActivePill(props: { kind: FilterKind; value: string; onRemove: () => void }) {
  const { t } = useStrings('recipes')
  const options = useFilterOptions(props.kind, true)
  const label = labelOf(options.data, props.value)
  // Mantine's Pill hides its remove button from keyboards and screen readers (it is made for inputs); this one
  // is a real button.
  return (
    <Badge
      variant="light"
      size="lg"
      radius="xl"
      tt="none"
      fw={500}
      pr={4}
      component="li"
      rightSection={
        <CloseButton
          size="xs"
          radius="xl"
          variant="transparent"
          onClick={props.onRemove}
          aria-label={t('filters.remove', { name: label })}
        />
      }
    >
      <Text span inherit fw={400}>
        {t(`filters.${props.kind}`)}:{' '}
      </Text>
      {label}
    </Badge>
  )
}

/** The chosen filters as removable pills under the search, so the narrowing is always in sight. */
export function ActiveFilters(props: {
  state: ExplorerState
  onChange: (change: (state: ExplorerState) => ExplorerState) => void
}) {
  const active = filterKinds.flatMap((kind) => props.state.filters[kind].map((value) => ({ kind, value })))
  if (active.length === 0) return null
  return (
    <Group gap={6} data-testid="active-filters" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {active.map(({ kind, value }) => (
        <ActivePill
          key={`${kind}:${value}`}
          kind={kind}
          value={value}
          onRemove={() =>
            props.onChange((state) => ({
              ...state,
              filters: { ...state.filters, [kind]: state.filters[kind].filter((item) => item !== value) },
            }))
          }
        />
      ))}
    </Group>
  )
}
