import { matchRoutes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { session } from '@/features/auth/app-session'
import { makeUser } from '@/test/render'
import type { PageHandle } from './route-page'
import { paths } from '@/app/paths'
import { signedInRoutes } from './SignedInRoutes'

/** The query keys the page route at `path` declares for prefetching (routePage's second argument). */
function declaredQueryKeys(path: string): unknown[] {
  const url = new URL(path, 'http://larder.test')
  const matches = matchRoutes(signedInRoutes, url.pathname) ?? []
  return matches.flatMap((match) =>
    ((match.route.handle as PageHandle | undefined)?.queries?.(match.params, url.searchParams) ?? []).map(
      (query) => query.queryKey,
    ),
  )
}

const firstPage = { page: 1, perPage: 25, orderBy: 'name', orderDirection: 'asc' }

describe('the data and organizer pages', () => {
  it.each([
    ['foods', ['foods', 'list', firstPage]],
    ['units', ['units', 'list', firstPage]],
    ['labels', ['labels', 'list', firstPage]],
    ['categories', ['organizers', 'categories', 'list', firstPage]],
    ['tags', ['organizers', 'tags', 'list', firstPage]],
    ['tools', ['organizers', 'tools', 'list', firstPage]],
    ['recipes', ['recipes', 'list', firstPage]],
  ])('start the first page of /group/data/%s with the page chunk', (type, key) => {
    expect(declaredQueryKeys(paths.groupDataType(type))).toContainEqual(key)
  })

  it('start every count of the data index, the recipe actions too', () => {
    expect(declaredQueryKeys(paths.groupData)).toHaveLength(8)
  })

  it.each([
    ['categories', paths.groupCategories('home')],
    ['tags', paths.groupTags('home')],
    ['tools', paths.groupTools('home')],
  ])(
    'start the whole list of %s on its organizer page, for a member or a visitor once the session is known',
    (kind, path) => {
      expect(declaredQueryKeys(path)).toEqual([])
      session.store.set({ status: 'authenticated', user: makeUser() })
      expect(declaredQueryKeys(path)).toEqual([['organizers', kind, 'every']])
      session.store.set({ status: 'unauthenticated', user: null })
      expect(declaredQueryKeys(path)).toEqual([['explore', 'home', 'organizers', kind]])
    },
  )

  afterEach(() => session.store.set({ status: 'loading', user: null }))
})
