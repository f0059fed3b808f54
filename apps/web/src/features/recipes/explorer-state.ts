import { explorerDefaultSort, explorerPageSize } from '@larder/contracts'
import type { RecipeListQuery } from './api/recipes'

/**
 * The recipe explorer's state lives in the address (`/g/home?search=soup&tags=quick&orderBy=name`), so back/forward,
 * reloads and shared links show the same recipes. This file turns the query string into that state, the state
 * into the list endpoint's query (the route prefetches it), and back.
 */

export const filterKinds = ['categories', 'tags', 'tools', 'foods', 'households'] as const
export type FilterKind = (typeof filterKinds)[number]

/** Kinds with an any/all toggle. A recipe belongs to one household, so "all of these households" means nothing. */
export const matchableKinds = ['categories', 'tags', 'tools', 'foods'] as const
export type MatchableKind = (typeof matchableKinds)[number]

export const sortFields = ['created_at', 'updated_at', 'name', 'rating', 'last_made', 'random'] as const
export type SortField = (typeof sortFields)[number]
export type SortDirection = 'asc' | 'desc'

export interface ExplorerState {
  search: string
  /** Slugs (organizers, households) or ids (foods), as the list endpoint accepts them. */
  filters: Record<FilterKind, string[]>
  requireAll: Record<MatchableKind, boolean>
  orderBy: SortField
  orderDirection: SortDirection
  /** The random order's seed, so that paging (and a shared link) keeps one shuffle. */
  seed: string | null
}

const requireAllParam = (kind: MatchableKind) =>
  `requireAll${kind[0]!.toUpperCase()}${kind.slice(1)}` as `requireAll${Capitalize<MatchableKind>}`

export function readExplorerState(search: URLSearchParams): ExplorerState {
  const orderBy = search.get('orderBy')
  const direction = search.get('orderDirection')
  return {
    search: search.get('search') ?? '',
    filters: Object.fromEntries(
      filterKinds.map((kind) => [kind, [...new Set(search.getAll(kind).filter((value) => value !== ''))]]),
    ) as ExplorerState['filters'],
    requireAll: Object.fromEntries(
      matchableKinds.map((kind) => [kind, search.get(requireAllParam(kind)) === 'true']),
    ) as ExplorerState['requireAll'],
    orderBy: sortFields.includes(orderBy as SortField) ? (orderBy as SortField) : explorerDefaultSort.orderBy,
    orderDirection: direction === 'asc' || direction === 'desc' ? direction : explorerDefaultSort.orderDirection,
    seed: search.get('seed'),
  }
}

/** The query string of a state; defaults are left out so that the plain explorer keeps a plain address. */
export function writeExplorerState(state: ExplorerState): URLSearchParams {
  const search = new URLSearchParams()
  const text = state.search.trim()
  if (text) search.set('search', text)
  for (const kind of filterKinds) for (const value of state.filters[kind]) search.append(kind, value)
  for (const kind of matchableKinds) {
    if (state.requireAll[kind] && state.filters[kind].length > 0) search.set(requireAllParam(kind), 'true')
  }
  if (state.orderBy !== explorerDefaultSort.orderBy) search.set('orderBy', state.orderBy)
  if (state.orderDirection !== explorerDefaultSort.orderDirection) search.set('orderDirection', state.orderDirection)
  if (state.orderBy === 'random' && state.seed) search.set('seed', state.seed)
  return search
}

/** Whether the state narrows the list: decides between "no recipes yet" and "nothing matches". */
export function isFiltered(state: ExplorerState): boolean {
  return state.search.trim() !== '' || filterKinds.some((kind) => state.filters[kind].length > 0)
}

/** The state without search and filters, keeping the sort. */
export function clearedFilters(state: ExplorerState): ExplorerState {
  return {
    ...state,
    search: '',
    filters: Object.fromEntries(filterKinds.map((kind) => [kind, []])) as unknown as ExplorerState['filters'],
    requireAll: Object.fromEntries(matchableKinds.map((kind) => [kind, false])) as ExplorerState['requireAll'],
  }
}

/** A new random seed: each "random" pick shuffles anew, and the seed keeps the shuffle while paging. */
export function newSeed(): string {
  return Math.random().toString(36).slice(2, 10)
}

/** The list endpoint's query for the state (without the page: the infinite query adds it). */
export function explorerListQuery(state: ExplorerState): Omit<RecipeListQuery, 'page'> {
  const query: Omit<RecipeListQuery, 'page'> = {
    perPage: explorerPageSize,
    orderBy: state.orderBy,
    orderDirection: state.orderDirection,
  }
  const text = state.search.trim()
  if (text) query.search = text
  for (const kind of filterKinds) if (state.filters[kind].length > 0) query[kind] = state.filters[kind]
  for (const kind of matchableKinds) {
    if (state.requireAll[kind] && state.filters[kind].length > 0) query[requireAllParam(kind)] = true
  }
  if (state.orderBy === 'random') query.paginationSeed = state.seed ?? 'larder'
  if (state.orderBy === 'last_made' || state.orderBy === 'rating') query.orderByNullPosition = 'last'
  return query
}
