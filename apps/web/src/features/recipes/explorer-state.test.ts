import { describe, expect, it } from 'vitest'
import { clearedFilters, explorerListQuery, isFiltered, readExplorerState, writeExplorerState } from './explorer-state'

const read = (query: string) => readExplorerState(new URLSearchParams(query))

describe('explorer state in the address', () => {
  it('reads defaults from an empty address and writes them back as nothing', () => {
    const state = read('')
    expect(state.orderBy).toBe('created_at')
    expect(state.orderDirection).toBe('desc')
    expect(isFiltered(state)).toBe(false)
    expect(writeExplorerState(state).toString()).toBe('')
  })

  it('round-trips search, filters with any/all, sort and seed', () => {
    const query =
      'search=soup&categories=dinner&tags=quick&tags=vegan&foods=f1&households=family&requireAllTags=true&orderBy=random&seed=abc'
    const state = read(query)
    expect(state.filters.tags).toEqual(['quick', 'vegan'])
    expect(state.requireAll).toEqual({ categories: false, tags: true, tools: false, foods: false })
    expect(writeExplorerState(state).toString()).toBe(query)
  })

  it('ignores unknown sort fields and directions, empty and repeated values, and seeds without random', () => {
    const state = read('orderBy=drop table&orderDirection=up&tags=&tags=a&tags=a&seed=x')
    expect(state.orderBy).toBe('created_at')
    expect(state.orderDirection).toBe('desc')
    expect(state.filters.tags).toEqual(['a'])
    expect(writeExplorerState(state).toString()).toBe('tags=a')
  })

  it('drops an all-toggle without values, and clearing keeps the sort', () => {
    expect(writeExplorerState(read('requireAllFoods=true')).toString()).toBe('')
    const cleared = clearedFilters(read('search=x&tools=oven&requireAllTools=true&orderBy=name'))
    expect(writeExplorerState(cleared).toString()).toBe('orderBy=name')
  })

  it('builds the list query the API reads', () => {
    expect(explorerListQuery(read('search=%20soup%20&tags=quick&requireAllTags=true&orderBy=rating'))).toEqual({
      perPage: 30,
      orderBy: 'rating',
      orderDirection: 'desc',
      orderByNullPosition: 'last',
      search: 'soup',
      tags: ['quick'],
      requireAllTags: true,
    })
    expect(explorerListQuery(read('orderBy=random&seed=s1')).paginationSeed).toBe('s1')
  })
})
