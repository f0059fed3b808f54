import { exploreFirstPageAddress } from '@larder/contracts'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { resetEmbeddedAnswers } from '@/app/first-paint'
import { embedAnswers } from '@/test/embedded-answers'
import { explorerListQuery, readExplorerState } from '@/features/recipes/explorer-state'
import { exploreFirstPageUrl, exploreRecipeInfiniteQuery } from './explore'

describe("a visitor's explorer", () => {
  afterEach(() => {
    document.getElementById('larder-answers')?.remove()
    resetEmbeddedAnswers()
  })

  it('asks its first page at the address the server embeds it under (api web-shell/link-preview.ts)', () => {
    const query = explorerListQuery(readExplorerState(new URLSearchParams()))
    expect(exploreFirstPageUrl('home', query)).toBe(exploreFirstPageAddress('home'))
    expect(exploreFirstPageAddress('home')).toBe(
      '/api/explore/groups/home/recipes?perPage=30&orderBy=created_at&orderDirection=desc&page=1',
    )
  })

  it("starts from the page's embedded first page without asking the API", async () => {
    const first = { page: 1, per_page: 30, total: 0, total_pages: 0, items: [], next: null, previous: null }
    embedAnswers({ [exploreFirstPageAddress('home')]: first })
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
    const query = explorerListQuery(readExplorerState(new URLSearchParams()))
    // No fetch is installed: asking the API would fail.
    const data = await client.fetchInfiniteQuery(exploreRecipeInfiniteQuery('home', query))
    expect(data.pages).toEqual([first])
  })
})
