import { getRecipe, listRecipes } from '@larder/contracts'
import i18next from 'i18next'
import { matchRoutes, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '@/api/query-client'
import { recipeInfiniteQuery, recipeQuery } from '@/features/recipes/api/recipes'
import { explorerListQuery, readExplorerState } from '@/features/recipes/explorer-state'
import { fakeServer } from '@/test/fake-server'
import { makeRecipe, makeSummary } from '@/test/recipe-fixtures'
import { makeUser } from '@/test/render'
import type { PageHandle } from './route-page'
import { startRouteLoad } from './route-load'
import { signedInRoutes } from './SignedInRoutes'

const load: PageHandle['load'] = () => Promise.resolve({ default: () => null })

// The two recipe routes as group-routes.tsx declares them: the explorer's data follows the query string.
const routes: RouteObject[] = [
  {
    path: '/g/:groupSlug',
    handle: {
      load,
      queries: (_, search) => [recipeInfiniteQuery(explorerListQuery(readExplorerState(search)))],
    } satisfies PageHandle,
  },
  {
    path: '/g/:groupSlug/r/:slug',
    handle: { load, queries: ({ slug = '' }) => [recipeQuery(slug)] } satisfies PageHandle,
  },
]

describe('route loading with the query string', () => {
  afterEach(() => queryClient.clear())

  it("prefetches the explorer's first page for the search and filters in the address", async () => {
    const server = fakeServer().answer(listRecipes, {
      body: { page: 1, per_page: 30, total: 1, total_pages: 1, items: [makeSummary()], next: null, previous: null },
    })
    startRouteLoad(routes, '/g/home?search=soup&tags=quick&orderBy=name', makeUser())
    await vi.waitFor(() => expect(server.calls(listRecipes)).toHaveLength(1))
    const query = server.calls(listRecipes)[0]!.search
    expect(query.get('page')).toBe('1')
    expect(query.get('search')).toBe('soup')
    expect(query.getAll('tags')).toEqual(['quick'])
    expect(query.get('orderBy')).toBe('name')
    // The page's infinite query finds the first page already there.
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData(
          recipeInfiniteQuery(
            explorerListQuery(readExplorerState(new URLSearchParams('search=soup&tags=quick&orderBy=name'))),
          ).queryKey,
        ),
      ).toMatchObject({ pageParams: [1] }),
    )
  })

  it('does not ask again for a page whose data just failed, on every render', async () => {
    const server = fakeServer().answer(getRecipe, {
      status: 404,
      body: { detail: { message: 'Recipe not found', error: true, exception: null } },
    })
    startRouteLoad(routes, '/g/home/r/nope', makeUser())
    await vi.waitFor(() => expect(queryClient.getQueryState(recipeQuery('nope').queryKey)?.status).toBe('error'))
    startRouteLoad(routes, '/g/home/r/nope', makeUser())
    startRouteLoad(routes, '/g/home/r/nope', makeUser())
    expect(server.calls(getRecipe)).toHaveLength(1)

    // Another recipe is asked for as usual.
    server.answer(getRecipe, { body: makeRecipe({ slug: 'soup' }) })
    startRouteLoad(routes, '/g/home/r/soup', makeUser())
    await vi.waitFor(() => expect(server.calls(getRecipe)).toHaveLength(2))
  })
})

describe('route loading of strings', () => {
  it("fetches the namespaces a page route declares with its chunk, not after the page's first render", () => {
    const loadNamespaces = vi.spyOn(i18next, 'loadNamespaces').mockResolvedValue(undefined)
    startRouteLoad([{ path: '/g/:groupSlug', handle: { load, strings: ['recipes'] } }], '/g/home', null)
    expect(loadNamespaces).toHaveBeenCalledWith(['recipes'])
  })

  it.each(['/g/home', '/g/home/r/pancakes'])('declares the recipe strings for %s', (path) => {
    const matches = matchRoutes(signedInRoutes, path) ?? []
    expect(matches.flatMap((match) => (match.route.handle as PageHandle | undefined)?.strings ?? [])).toEqual([
      'recipes',
    ])
  })
})
