import { addUserFavorite, listOwnRatings, removeUserFavorite } from '@larder/contracts'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/features/auth/app-session'
import { activityKeys } from '@/features/recipes/api/ratings'
import { fakeServer } from '@/test/fake-server'
import { makeSummary } from '@/test/recipe-fixtures'
import { makeUser } from '@/test/render'
import { initTestI18n } from '@/test/shell'
import { RecipeGrid } from './RecipeGrid'

const recipes = Array.from({ length: 30 }, (_, index) =>
  makeSummary({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Recipe ${index}`,
    slug: `recipe-${index}`,
  }),
)

const gridWith = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <MantineProvider env="test">
      <MemoryRouter>
        <RecipeGrid
          recipes={recipes}
          groupSlug="home"
          total={recipes.length}
          hasNextPage={false}
          isFetchingNextPage={false}
          fetchNextPage={() => undefined}
        />
      </MemoryRouter>
    </MantineProvider>
  </QueryClientProvider>
)
const grid = gridWith(new QueryClient())

describe('recipe grid', () => {
  // What the first render draws, before any effect has run (renderToString runs none): the page's first render is
  // interruptible (a transition), the re-renders its effects force are not, so the first screen's cards must come in
  // the first one (docs/budgets.md "Web budgets", Lighthouse's blocking time).
  it('draws the first screen of cards in its first render, before measuring anything', async () => {
    await initTestI18n()
    const html = renderToString(grid)
    // jsdom's window is 1024 × 768: with 250 px rows and three rows of overscan, more than the first two rows.
    expect(html).toContain('Recipe 0')
    expect(html).toContain('Recipe 5')
    expect(html).not.toContain('Recipe 29')
  })

  describe('taking over from the server-drawn grid', () => {
    afterEach(() => {
      vi.restoreAllMocks()
      document.getElementById('first-paint')?.remove()
    })

    // Reading a size after the commit has inserted the page lays the page out in the commit's task, the one long
    // task of the hand-off (docs/budgets.md "Web budgets"): the drawn grid, already laid out, gives the columns and the grid's top, and
    // the list and its rows are measured in a task after the first frame.
    it('reads no size of its own elements in the commit that inserts it, and measures them after the first frame', async () => {
      await initTestI18n()
      const drawing = document.createElement('div')
      drawing.id = 'first-paint'
      const drawnGrid = document.createElement('div')
      drawnGrid.className = 'fp-grid'
      drawing.append(drawnGrid)
      document.body.append(drawing)
      vi.spyOn(drawnGrid, 'clientWidth', 'get').mockReturnValue(1100)
      const reads: Element[] = []
      const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        reads.push(this)
        return { top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) }
      })
      const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
        this: HTMLElement,
      ) {
        reads.push(this)
        return 1100
      })
      render(grid)
      const list = screen.getByRole('list')
      // 1,100 px wide: four columns, read from the drawn grid.
      expect(list.querySelector('[data-index="0"]')?.querySelectorAll('[role="listitem"]')).toHaveLength(4)
      // The rows the 768 px window shows (three of an estimated 330 px) and one more: every card inserted at the
      // hand-off is styled and laid out in its frame; the rest of the overscan comes once measured.
      expect(list.querySelectorAll('[data-index]')).toHaveLength(4)
      expect(reads.filter((element) => list.contains(element))).toEqual([])
      await waitFor(() => expect(reads.filter((element) => list.contains(element)).length).toBeGreaterThan(1))
      await waitFor(() => expect(list.querySelectorAll('[data-index]').length).toBeGreaterThan(4))
      expect(rect).toHaveBeenCalled()
      expect(width).toHaveBeenCalled()
    })
  })
})

describe("the grid's favourite toggles", { timeout: 20_000 }, () => {
  const me = makeUser({ id: '00000000-0000-4000-8000-0000000000e1' })
  const favourite = recipes[1]!
  const newClient = () =>
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const card = (name: string) => screen.getByRole('link', { name }).closest('article')!

  afterEach(() => {
    act(() => session.store.set({ status: 'unauthenticated', user: null }))
    vi.unstubAllGlobals()
  })

  // A hook per card built a query observer and a mutation per card: 56 ms in one task of the explorer at
  // Lighthouse's 4× slowdown. The grid reads the caller's favourites once and passes each card a flag.
  it("read the caller's ratings through one query observer, however many cards are drawn", async () => {
    await initTestI18n()
    fakeServer().answer(listOwnRatings, {
      body: { ratings: [{ recipeId: favourite.id, rating: 4, isFavorite: true }] },
    })
    act(() => session.store.set({ status: 'authenticated', user: me }))
    const client = newClient()
    render(gridWith(client))
    expect(
      await within(card('Recipe 1')).findByRole('button', { name: 'Remove Recipe 1 from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getAllByRole('button', { name: /favorites$/ }).length).toBeGreaterThan(10)
    expect(
      client
        .getQueryCache()
        .find({ queryKey: activityKeys.ownRatings(me.id) })
        ?.getObserversCount(),
    ).toBe(1)
    expect(client.getMutationCache().getAll()).toHaveLength(0)
  })

  it('mark a card at once, and put it back when the server refuses', async () => {
    await initTestI18n()
    const server = fakeServer()
      .answer(listOwnRatings, { body: { ratings: [{ recipeId: favourite.id, rating: 4, isFavorite: true }] } })
      .answer(removeUserFavorite, { body: null })
      .answer(addUserFavorite, {
        status: 404,
        body: { detail: { message: 'Recipe not found', error: true, exception: null } },
      })
    act(() => session.store.set({ status: 'authenticated', user: me }))
    const user = userEvent.setup({ delay: null })
    render(gridWith(newClient()))
    await user.click(await within(card('Recipe 1')).findByRole('button', { name: 'Remove Recipe 1 from favorites' }))
    expect(within(card('Recipe 1')).getByRole('button', { name: 'Add Recipe 1 to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await waitFor(() => expect(server.calls(removeUserFavorite)).toHaveLength(1))
    expect(server.calls(removeUserFavorite)[0]!.params).toEqual({ id: me.id, slug: 'recipe-1' })

    await user.click(within(card('Recipe 2')).getByRole('button', { name: 'Add Recipe 2 to favorites' }))
    await waitFor(() => expect(server.calls(addUserFavorite)).toHaveLength(1))
    await waitFor(() =>
      expect(within(card('Recipe 2')).getByRole('button', { name: 'Add Recipe 2 to favorites' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    )
    // The rollback puts back only what the failed toggle changed: Recipe 1 stays unmarked.
    expect(within(card('Recipe 1')).getByRole('button', { name: 'Add Recipe 1 to favorites' })).toBeInTheDocument()
  })

  it('are not drawn for a reader without an account', async () => {
    await initTestI18n()
    const server = fakeServer()
    render(gridWith(newClient()))
    expect(await screen.findByRole('link', { name: 'Recipe 0' })).toBeInTheDocument()
    expect(screen.queryByTestId('favorite-toggle')).not.toBeInTheDocument()
    expect(server.calls(listOwnRatings)).toHaveLength(0)
  })
})
