import { Button, Drawer, Group, MultiSelect, SegmentedControl, Stack } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import { useFilterOptions } from '@/features/recipes/api/filter-options'
import {
  filterKinds,
  matchableKinds,
  type ExplorerState,
  type FilterKind,
  type MatchableKind,
} from '@/features/recipes/explorer-state'

const isMatchable = (kind: FilterKind): kind is MatchableKind => (matchableKinds as readonly string[]).includes(kind)

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

/**
 * The filters' panel: one field per kind, each any or all. Its own module, loaded when the panel is first opened
 * (ExplorerFilters): the drawer and the multi-select's combobox are not on the explorer's first screen (docs/budgets.md "Web budgets").
 */
export function ExplorerFilterDrawer(props: {
  opened: boolean
  onClose: () => void
  state: ExplorerState
  count: number
  onChange: (change: (state: ExplorerState) => ExplorerState) => void
  onClear: () => void
}) {
  const { t } = useStrings('recipes')
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
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
          <Button variant="subtle" onClick={props.onClear} disabled={props.count === 0}>
            {t('filters.clear')}
          </Button>
          <Button onClick={props.onClose}>{t('filters.done')}</Button>
        </Group>
      </Stack>
    </Drawer>
  )
}
