import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { PageHandle } from './route-page'
import { paths } from './paths'
import { signedInRoutes } from './SignedInRoutes'

/** The query keys the page route at `path` declares for prefetching (routePage's second argument). */
function declaredQueryKeys(path: string): unknown[] {
  const matches = matchRoutes(signedInRoutes, path) ?? []
  return matches.flatMap((match) =>
    ((match.route.handle as PageHandle | undefined)?.queries?.(match.params) ?? []).map((query) => query.queryKey),
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

  it('start every count of the data index', () => {
    expect(declaredQueryKeys(paths.groupData)).toHaveLength(7)
  })

  it.each([
    ['categories', paths.groupCategories('home')],
    ['tags', paths.groupTags('home')],
    ['tools', paths.groupTools('home')],
  ])('start the whole list of %s on its organizer page', (kind, path) => {
    expect(declaredQueryKeys(path)).toEqual([['organizers', kind, 'every']])
  })
})
