import type { RecipeSummary } from '@larder/contracts'
import { Card, Center, Loader, SimpleGrid, Skeleton, Stack } from '@mantine/core'
import { observeWindowRect, useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual'
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useStrings } from '@/i18n/use-strings'
import type { TFunction } from 'i18next'
import { useAuth } from '@/features/auth'
import { useFavorites } from '@/features/recipes/api/ratings'
import { FavoriteToggle, type ToggleFavorite } from '@/features/recipes/components/FavoriteButton'
import { RecipeCardContent } from './RecipeCard'

const gap = 16
const minCardWidth = 240

/** Cards per row for a width: two on a phone (a 375 px screen shows two columns of pictures), then ≥ 240 px each. */
export function columnsFor(width: number): number {
  if (width <= 0) return 1
  if (width < 600) return width >= 320 ? 2 : 1
  return Math.max(1, Math.floor((width + gap) / (minCardWidth + gap)))
}

/**
 * The grid the server drew (api web-shell/first-paint.ts) while the app has not yet replaced it: it has the
 * app grid's width and place, and is laid out already, so reading them before the app inserts its page costs nothing.
 */
function drawnGrid(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('#first-paint .fp-grid')
}

const pageTop = (element: HTMLElement | null) => (element ? element.getBoundingClientRect().top + window.scrollY : 0)

/** Runs `callback` in a task after the next frame, when the page the current commit inserts is laid out and painted. */
function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * The window's size for the virtualiser from a task after the first frame on (and on every resize): the library
 * reads it when the grid mounts, and in Chrome's mobile mode reading `innerWidth` lays out the page the commit has
 * just inserted. Until then the virtualiser has the size read at its first render (`initialRect`).
 */
function observeWindowRectAfterPaint(
  instance: Virtualizer<Window, Element>,
  onRect: (rect: { width: number; height: number }) => void,
) {
  let stop: (() => void) | undefined
  const cancel = afterPaint(() => {
    stop = observeWindowRect(instance, onRect)
  })
  return () => {
    cancel()
    stop?.()
  }
}

/**
 * The grid's columns and its top on the page, and whether its rows are measured yet. Reading them from the list
 * would lay out the page the commit has just inserted, synchronously, in the commit's task: when the app takes over
 * from the server's drawing that task holds the whole page (Lighthouse's blocking time, docs/budgets.md "Web budgets"). So they are read
 * from the drawn grid while it is still there, and from the list, with the rows' heights, in a task after the first
 * frame; a page the app draws itself reads them at mount, as before.
 */
function useGridLayout(ref: RefObject<HTMLElement | null>) {
  const [initial] = useState(() => {
    const drawn = drawnGrid()
    return drawn
      ? { columns: columnsFor(drawn.clientWidth), scrollMargin: pageTop(drawn), deferred: true }
      : { columns: 2, scrollMargin: 0, deferred: false }
  })
  const [columns, setColumns] = useState(initial.columns)
  const [scrollMargin, setScrollMargin] = useState(initial.scrollMargin)
  const [measuring, setMeasuring] = useState(!initial.deferred)
  useLayoutEffect(() => {
    const measure = () => {
      setColumns(columnsFor(ref.current?.clientWidth ?? 0))
      setScrollMargin(pageTop(ref.current))
      setMeasuring(true)
    }
    // After the first frame in a transition: the rows of overscan it adds (see RecipeGrid) render in slices.
    const cancel = initial.deferred ? afterPaint(() => startTransition(measure)) : (measure(), undefined)
    window.addEventListener('resize', measure)
    return () => {
      cancel?.()
      window.removeEventListener('resize', measure)
    }
  }, [ref, initial])
  useLayoutEffect(() => {
    if (measuring) setScrollMargin(pageTop(ref.current))
  }, [ref, columns, measuring])
  return { columns, scrollMargin, measuring }
}

/** Rows drawn beyond the screen once the grid is measured (one before). */
const fullOverscan = 3

/**
 * The rows drawn beyond the screen: one until the grid is measured, then one more per frame. Each row a commit adds is
 * laid out there and then, when the virtualiser measures it: the two rows at once, with the measuring, were a task of
 * 50 to 80 ms at a phone's speed after the explorer was drawn (the local build's time to interactive, docs/budgets.md "Web budgets").
 */
function useOverscanInSteps(measuring: boolean): number {
  const [overscan, setOverscan] = useState(1)
  useEffect(() => {
    if (measuring && overscan < fullOverscan) return afterPaint(() => startTransition(() => setOverscan(overscan + 1)))
  }, [measuring, overscan])
  return overscan
}

/**
 * One card of the grid. Memoised: the grid renders again whenever the virtualiser measures a row or the page scrolls,
 * and those renders run synchronously inside the commit that caused them (one long task); a card whose recipe and
 * favourite flag have not changed is not rendered again. It has no hook of its own: the grid passes the strings, the
 * flag and one shared toggle (no toggle for a signed-out reader, who sees no favourite button).
 */
const RecipeGridItem = memo(function RecipeGridItem(props: {
  recipe: RecipeSummary
  groupSlug: string
  t: TFunction<'recipes'>
  isFavorite: boolean
  toggleFavorite: ToggleFavorite | undefined
}) {
  const { recipe, t, isFavorite, toggleFavorite } = props
  return (
    <div role="listitem">
      <RecipeCardContent
        recipe={recipe}
        groupSlug={props.groupSlug}
        t={t}
        actions={
          toggleFavorite && (
            <FavoriteToggle
              recipe={recipe}
              isFavorite={isFavorite}
              onToggle={toggleFavorite}
              label={t(isFavorite ? 'social.unfavorite' : 'social.favorite', { name: recipe.name })}
              overlay
            />
          )
        }
      />
    </div>
  )
})

/**
 * The explorer's recipes as a grid that renders only the rows near the screen (thousands of recipes stay
 * light), measuring each row's real height, and asks for the next page when its last rows come into view.
 */
export function RecipeGrid(props: {
  recipes: RecipeSummary[]
  groupSlug: string
  total: number
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => unknown
  /** Draws no more than this many of the rows near the screen (the explorer draws its first row a frame early). */
  rowLimit?: number
}) {
  const { t } = useStrings('recipes')
  const { user } = useAuth()
  // Read once for the whole grid: one observer of the caller's ratings and one mutation, not one per card.
  const favorites = useFavorites(user?.id)
  const toggleFavorite = user ? favorites.toggle : undefined
  const listRef = useRef<HTMLDivElement>(null)
  const { columns, scrollMargin, measuring } = useGridLayout(listRef)
  const overscan = useOverscanInSteps(measuring)
  const rowCount = Math.ceil(props.recipes.length / columns)
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    // The window's size from the first render: with the library's default (0 × 0) the first render drew no row, and
    // the rows came in the re-render the virtualiser's mount forces, synchronously, inside the commit, so every
    // card of the first screen rendered in one long task (1.6 s at Lighthouse's 4× slowdown, docs/budgets.md "Web budgets") instead of
    // in the page's interruptible first render.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    observeElementRect: observeWindowRectAfterPaint,
    // The page's scroll position as the first render finds it (the reader may have scrolled the drawn page), and no
    // scroll write before the rows are measured: the virtualiser writes that position back when it mounts, and in
    // the commit that inserts the page the write lays it out (docs/budgets.md "Web budgets").
    initialOffset: () => window.scrollY,
    scrollToFn: (offset, options, instance) => {
      if (measuring) windowScroll(offset, options, instance)
    },
    estimateSize: () => (columns > 2 ? 330 : 250),
    // Taking over from the drawn grid, one row beyond the screen: every card inserted then is styled and laid out in
    // the hand-off's frame, a long task with the whole page (docs/budgets.md "Web budgets"); the rest of the overscan comes once measured.
    overscan,
    gap,
    scrollMargin,
  })
  const rows = virtualizer.getVirtualItems().slice(0, props.rowLimit)
  const lastRow = rows.at(-1)?.index ?? -1
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props
  useEffect(() => {
    // Not cancelRefetch: a second call before the first has flagged itself as fetching must not ask again.
    if (hasNextPage && !isFetchingNextPage && lastRow >= rowCount - 2) void fetchNextPage({ cancelRefetch: false })
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRow, rowCount])

  return (
    <>
      <div
        ref={listRef}
        role="list"
        aria-label={t('explorer.results', { count: props.total })}
        aria-busy={isFetchingNextPage}
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {/* The rows in the flow of one block placed at the first row's start: until the rows are measured (after
            the first frame, see useGridLayout) they lie where their real heights put them, not at estimated places. */}
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            display: 'flex',
            flexDirection: 'column',
            gap,
            transform: `translateY(${(rows[0]?.start ?? 0) - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {rows.map((row) => (
            <div key={row.key} data-index={row.index} ref={measuring ? virtualizer.measureElement : undefined}>
              <SimpleGrid cols={columns} spacing={gap}>
                {props.recipes.slice(row.index * columns, row.index * columns + columns).map((recipe) => (
                  <RecipeGridItem
                    key={recipe.id}
                    recipe={recipe}
                    groupSlug={props.groupSlug}
                    t={t}
                    isFavorite={favorites.recipeIds.has(recipe.id)}
                    toggleFavorite={toggleFavorite}
                  />
                ))}
              </SimpleGrid>
            </div>
          ))}
        </div>
      </div>
      {isFetchingNextPage && (
        <Center py="lg" role="status" aria-label={t('common.loading')}>
          <Loader size="sm" />
        </Center>
      )}
    </>
  )
}

/** Placeholder cards while the first page loads, in the grid's shape. */
export function RecipeGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useStrings('recipes')
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing={gap}
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="recipe-grid-skeleton"
    >
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding={0}>
          <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
          <Stack gap={8} p="sm">
            <Skeleton height={16} width="80%" />
            <Skeleton height={12} width="50%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  )
}
