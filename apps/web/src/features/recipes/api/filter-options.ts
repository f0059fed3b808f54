import {
  categoryEndpoints,
  exploreCategories,
  exploreFoods,
  exploreHouseholds,
  exploreTags,
  exploreTools,
  listFoods,
  listGroupHouseholds,
  tagEndpoints,
  toolEndpoints,
} from '@larder/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'
import { useVisitorGroup } from '@/features/auth'
import type { FilterKind } from '@/features/recipes/explorer-state'

/** One choice of an explorer filter: the value the list endpoint takes (slug or id) and the name a person reads. */
export interface FilterOption {
  value: string
  label: string
}

const everyByName = { page: 1, perPage: -1, orderBy: 'name', orderDirection: 'asc' } as const

const organizerOptions = <Item extends { slug: string; name: string }>(items: Item[]): FilterOption[] =>
  items.map((item) => ({ value: item.slug, label: item.name }))

export const filterOptionKeys = {
  all: ['recipe-filter-options'] as const,
  kind: (kind: FilterKind) => [...filterOptionKeys.all, kind] as const,
  explore: (groupSlug: string, kind: FilterKind) => [...filterOptionKeys.all, 'explore', groupSlug, kind] as const,
}

/** The choices of one filter: every category, tag, tool, food or household of the group, by name. */
export function filterOptionsQuery(kind: FilterKind) {
  return queryOptions({
    queryKey: filterOptionKeys.kind(kind),
    queryFn: async (): Promise<FilterOption[]> => {
      switch (kind) {
        case 'categories':
          return organizerOptions((await call(categoryEndpoints.list, { query: everyByName })).items)
        case 'tags':
          return organizerOptions((await call(tagEndpoints.list, { query: everyByName })).items)
        case 'tools':
          return organizerOptions((await call(toolEndpoints.list, { query: everyByName })).items)
        case 'foods':
          // Foods have no slug: the list endpoint takes their ids.
          return (await call(listFoods, { query: everyByName })).items.map((food) => ({
            value: food.id,
            label: food.name,
          }))
        case 'households':
          return (await call(listGroupHouseholds, { query: everyByName })).items.map((household) => ({
            value: household.slug,
            label: household.name,
          }))
      }
    },
    staleTime: 60_000,
  })
}

/**
 * The choices a signed-out visitor has in a public group (the explore API): its organizers and foods, and its public
 * households.
 */
export function exploreFilterOptionsQuery(groupSlug: string, kind: FilterKind) {
  const params = { groupSlug }
  return queryOptions({
    queryKey: filterOptionKeys.explore(groupSlug, kind),
    queryFn: async (): Promise<FilterOption[]> => {
      switch (kind) {
        case 'categories':
          return organizerOptions((await call(exploreCategories, { params, query: everyByName })).items)
        case 'tags':
          return organizerOptions((await call(exploreTags, { params, query: everyByName })).items)
        case 'tools':
          return organizerOptions((await call(exploreTools, { params, query: everyByName })).items)
        case 'foods':
          return (await call(exploreFoods, { params, query: everyByName })).items.map((food) => ({
            value: food.id,
            label: food.name,
          }))
        case 'households':
          return (await call(exploreHouseholds, { params, query: everyByName })).items.map((household) => ({
            value: household.slug,
            label: household.name,
          }))
      }
    },
    staleTime: 60_000,
  })
}

/** The choices of a filter, loaded only while they are needed (the filter panel is open, or the filter is set). */
export function useFilterOptions(kind: FilterKind, enabled: boolean) {
  const visitorGroup = useVisitorGroup()
  const options = visitorGroup === null ? filterOptionsQuery(kind) : exploreFilterOptionsQuery(visitorGroup, kind)
  return useQuery({ ...(options as ReturnType<typeof filterOptionsQuery>), enabled })
}
