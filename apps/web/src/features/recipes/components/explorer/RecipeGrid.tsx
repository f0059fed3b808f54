import type { RecipeSummary } from '@larder/contracts'
import { Card, Center, Loader, SimpleGrid, Skeleton, Stack } from '@mantine/core'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { RecipeCard } from './RecipeCard'
import { FavoriteButton } from '@/features/recipes/components/FavoriteButton'

const gap = 16
const minCardWidth = 240

/** Cards per row for a width: two on a phone (a 375 px screen shows two columns of pictures), then ≥ 240 px each. */
export function columnsFor(width: number): number {
  if (width <= 0) return 1
  if (width < 600) return width >= 320 ? 2 : 1
  return Math.max(1, Math.floor((width + gap) / (minCardWidth + gap)))
}

function useColumns(ref: RefObject<HTMLElement | null>) {
  const [columns, setColumns] = useState(2)
  useLayoutEffect(() => {
    const measure = () => setColumns(columnsFor(ref.current?.clientWidth ?? 0))
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [ref])
  return columns
}

/**
 * One card of the grid. Memoised: the grid renders again whenever the virtualiser measures a row or the page scrolls,
 * and those renders run synchronously inside the commit that caused them (one long task); a card whose recipe has
 * not changed is not rendered again.
 */
const RecipeGridItem = memo(function RecipeGridItem(props: { recipe: RecipeSummary; groupSlug: string }) {
  return (
    <div role="listitem">
      <RecipeCard
        recipe={props.recipe}
        groupSlug={props.groupSlug}
        actions={<FavoriteButton recipe={props.recipe} overlay />}
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
}) {
  const { t } = useStrings('recipes')
  const listRef = useRef<HTMLDivElement>(null)
  const columns = useColumns(listRef)
  const rowCount = Math.ceil(props.recipes.length / columns)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0)
  }, [columns])
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    // The window's size from the first render: with the library's default (0 × 0) the first render drew no row, and
    // the rows came in the re-render the virtualiser's mount forces, synchronously, inside the commit, so every
    // card of the first screen rendered in one long task (1.6 s at Lighthouse's 4× slowdown, DESIGN §9) instead of
    // in the page's interruptible first render.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    estimateSize: () => (columns > 2 ? 330 : 250),
    overscan: 3,
    gap,
    scrollMargin,
  })
  const rows = virtualizer.getVirtualItems()
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
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <SimpleGrid cols={columns} spacing={gap}>
              {props.recipes.slice(row.index * columns, row.index * columns + columns).map((recipe) => (
                <RecipeGridItem key={recipe.id} recipe={recipe} groupSlug={props.groupSlug} />
              ))}
            </SimpleGrid>
          </div>
        ))}
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
