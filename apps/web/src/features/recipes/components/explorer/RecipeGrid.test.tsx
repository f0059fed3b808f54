import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeSummary } from '@/test/recipe-fixtures'
import { initTestI18n } from '@/test/shell'
import { RecipeGrid } from './RecipeGrid'

const recipes = Array.from({ length: 30 }, (_, index) =>
  makeSummary({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Recipe ${index}`,
    slug: `recipe-${index}`,
  }),
)

const grid = (
  <QueryClientProvider client={new QueryClient()}>
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

describe('recipe grid', () => {
  // What the first render draws, before any effect has run (renderToString runs none): the page's first render is
  // interruptible (a transition), the re-renders its effects force are not, so the first screen's cards must come in
  // the first one (DESIGN §9, Lighthouse's blocking time).
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
    // task of the hand-off (DESIGN §9): the drawn grid, already laid out, gives the columns and the grid's top, and
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
