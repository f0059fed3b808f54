import { lazy, Suspense } from 'react'
import { Badge, Button, CloseButton, Group, Text } from '@mantine/core'
import { IconFilter } from '@tabler/icons-react'
import { useDialogOnFirstOpen } from '@/hooks/use-dialog-on-first-open'
import { useStrings } from '@/i18n/use-strings'
import { useFilterOptions, type FilterOption } from '@/features/recipes/api/filter-options'
import { filterKinds, type ExplorerState, type FilterKind } from '@/features/recipes/explorer-state'

const ExplorerFilterDrawer = lazy(() =>
  import('./ExplorerFilterDrawer').then((module) => ({ default: module.ExplorerFilterDrawer })),
)

function labelOf(options: FilterOption[] | undefined, value: string) {
  return options?.find((option) => option.value === value)?.label ?? value
}

/** The filters button (with the count of chosen values) and its panel (ExplorerFilterDrawer). */
export function ExplorerFilters(props: {
  state: ExplorerState
  onChange: (change: (state: ExplorerState) => ExplorerState) => void
  onClear: () => void
}) {
  const { t } = useStrings('recipes')
  const panel = useDialogOnFirstOpen()
  const count = filterKinds.reduce((sum, kind) => sum + props.state.filters[kind].length, 0)
  return (
    <>
      <Button
        variant={count > 0 ? 'light' : 'default'}
        leftSection={<IconFilter size={16} aria-hidden="true" />}
        onClick={panel.open}
        aria-haspopup="dialog"
      >
        {count > 0 ? t('filters.buttonCount', { value: count }) : t('filters.button')}
      </Button>
      {panel.mounted && (
        <Suspense fallback={null}>
          <ExplorerFilterDrawer
            opened={panel.opened}
            onClose={panel.close}
            state={props.state}
            count={count}
            onChange={props.onChange}
            onClear={props.onClear}
          />
        </Suspense>
      )}
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
