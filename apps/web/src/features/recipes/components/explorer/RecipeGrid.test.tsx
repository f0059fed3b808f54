import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
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

describe('recipe grid', () => {
  // What the first render draws, before any effect has run (renderToString runs none): the page's first render is
  // interruptible (a transition), the re-renders its effects force are not, so the first screen's cards must come in
  // the first one (DESIGN §9, Lighthouse's blocking time).
  it('draws the first screen of cards in its first render, before measuring anything', async () => {
    await initTestI18n()
    const html = renderToString(
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
      </QueryClientProvider>,
    )
    // jsdom's window is 1024 × 768: with 250 px rows and three rows of overscan, more than the first two rows.
    expect(html).toContain('Recipe 0')
    expect(html).toContain('Recipe 5')
    expect(html).not.toContain('Recipe 29')
  })
})
