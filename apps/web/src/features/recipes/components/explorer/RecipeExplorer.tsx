import '@/components/styles'
import '@mantine/core/styles/Drawer.css'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@/features/recipes/components/recipes.css'
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { IconAlertTriangle, IconChefHat, IconFilterOff, IconPlus, IconRefresh } from '@tabler/icons-react'
import { useCallback, useDeferredValue, useMemo } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { useReleaseFirstPaint } from '@/app/first-paint'
import { usePartsShown } from '@/hooks/use-parts-shown'
import { ApiError } from '@/api/api-error'
import { SignInInstead, useVisitorGroup } from '@/features/auth'
import { explorerRecipesQuery } from '@/features/recipes/api/explore'
import {
  clearedFilters,
  explorerListQuery,
  isFiltered,
  newSeed,
  type ExplorerState,
} from '@/features/recipes/explorer-state'
import { useExplorerState } from '@/features/recipes/use-explorer-state'
import { ActiveFilters, ExplorerFilters } from './ExplorerFilters'
import { ExplorerSearch } from './ExplorerSearch'
import { RecipeGrid, RecipeGridSkeleton } from './RecipeGrid'
import { SortMenu } from './SortMenu'

function EmptyState(props: { filtered: boolean; groupSlug: string; visitor: boolean; onClear: () => void }) {
  const { t } = useStrings('recipes')
  const Icon = props.filtered ? IconFilterOff : IconChefHat
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="explorer-empty">
      <Stack align="center" gap="sm" ta="center" py="xl">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray">
          <Icon size={36} stroke={1.4} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {props.filtered
            ? t('explorer.noMatchTitle')
            : props.visitor
              ? t('explorer.visitorEmptyTitle')
              : t('explorer.emptyTitle')}
        </Title>
        <Text c="dimmed" size="sm" maw={460}>
          {props.filtered
            ? t('explorer.noMatchText')
            : props.visitor
              ? t('explorer.visitorEmptyText')
              : t('explorer.emptyText')}
        </Text>
        {props.filtered ? (
          <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={props.onClear} mt="sm">
            {t('explorer.clearFilters')}
          </Button>
        ) : props.visitor ? null : (
          <Button
            component={Link}
            to={paths.recipeCreate(props.groupSlug)}
            leftSection={<IconPlus size={18} />}
            mt="sm"
          >
            {t('nav.createRecipe')}
          </Button>
        )}
      </Stack>
    </Paper>
  )
}

/**
 * The explorer's parts, in the order usePartsShown draws them: the search, filters and sort, the grid's first row,
 * the rest of the grid's rows. The whole explorer in the app's first frame was 350 elements to style and lay out, a
 * task of some 90 ms at a phone's speed.
 */
const parts = { toolbar: 1, firstRow: 2, grid: 3 } as const

/**
 * The recipe explorer: search as you type, filters with any/all, sort (random keeps its seed), and the recipes
 * as an infinite, virtualised grid. Everything it shows follows the address. A signed-out visitor explores a public
 * group's public recipes (the explore API); a private group sends them to sign in.
 */
export function RecipeExplorer({ groupSlug }: { groupSlug: string }) {
  const { t } = useStrings('recipes')
  const { state, update } = useExplorerState()
  // The grid keeps showing the last answer while the next search loads, instead of flashing skeletons per key.
  const visitorGroup = useVisitorGroup()
  const list = useInfiniteQuery({
    ...explorerRecipesQuery(explorerListQuery(state), visitorGroup),
    placeholderData: keepPreviousData,
  })
  const shown = usePartsShown(parts.grid)
  useReleaseFirstPaint(!list.isPending && shown === parts.grid)
  const onSearch = useCallback(
    (search: string) => update((current) => ({ ...current, search }), { replace: true }),
    [update],
  )
  const change = useCallback((next: (current: ExplorerState) => ExplorerState) => update(next), [update])
  const clear = useCallback(() => update(clearedFilters), [update])
  // The grid follows a deferred copy of the list: an answer from the server is a synchronous render (TanStack
  // Query's store), and the cards built in it would be one long task; deferred, React builds them in slices, the
  // skeleton or the previous cards staying on screen meanwhile (Lighthouse's total blocking time, docs/budgets.md "Web budgets").
  const data = useDeferredValue(list.data)
  const recipes = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data])
  const total = data?.pages[0]?.total ?? 0
  if (visitorGroup !== null && list.error instanceof ApiError && list.error.status === 404) return <SignInInstead />

  return (
    <Stack gap="md">
      {shown >= parts.toolbar && (
        <>
          <Group gap="xs" wrap="wrap" align="center">
            <ExplorerSearch value={state.search} onSearch={onSearch} />
            <Group gap="xs" wrap="nowrap">
              <ExplorerFilters state={state} onChange={change} onClear={clear} />
              <SortMenu
                orderBy={state.orderBy}
                orderDirection={state.orderDirection}
                onSort={(orderBy) =>
                  change((current) => ({ ...current, orderBy, seed: orderBy === 'random' ? newSeed() : null }))
                }
                onDirection={(orderDirection) => change((current) => ({ ...current, orderDirection }))}
              />
            </Group>
          </Group>
          <ActiveFilters state={state} onChange={change} />
        </>
      )}
      {shown < parts.firstRow ? null : list.isPending || (data === undefined && list.data !== undefined) ? (
        <RecipeGridSkeleton />
      ) : list.isError ? (
        <Alert color="error" variant="light" icon={<IconAlertTriangle size={18} />} title={t('explorer.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            {list.error instanceof Error && <Text size="sm">{list.error.message}</Text>}
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => list.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : recipes.length === 0 ? (
        <EmptyState
          filtered={isFiltered(state)}
          groupSlug={groupSlug}
          visitor={visitorGroup !== null}
          onClear={clear}
        />
      ) : (
        <>
          {/* The results' heading, between the page's h1 and the cards' h3 (headings in order, WCAG 1.3.1). */}
          <Text component="h2" size="sm" fw={400} c="dimmed" m={0} aria-live="polite">
            {t('explorer.results', { count: total })}
          </Text>
          <RecipeGrid
            recipes={recipes}
            groupSlug={groupSlug}
            total={total}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
            rowLimit={shown < parts.grid ? 1 : undefined}
          />
        </>
      )}
    </Stack>
  )
}
