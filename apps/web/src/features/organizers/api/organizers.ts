import {
  categoryEndpoints,
  exploreCategories,
  exploreTags,
  exploreTools,
  tagEndpoints,
  toolEndpoints,
  type CreateTool,
  type RecipeCategory,
  type RecipeTool,
} from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { ListParams } from '@/components/data-table/list-params'
import { everyItem, type Paginated } from '@/components/paginated'
import { useVisitorGroup, visitorGroupNow } from '@/features/auth'

/** The three organizers share one contract shape (packages/contracts organizers/endpoints.ts). */
export type OrganizerKind = 'categories' | 'tags' | 'tools'

export const organizerKinds: readonly OrganizerKind[] = ['categories', 'tags', 'tools']

/** A category, tag or tool as lists show it; tools add whether the caller's household has one. */
export type Organizer = RecipeCategory & Partial<Pick<RecipeTool, 'onHand' | 'householdsWithTool'>>

export type OrganizerBody = CreateTool

const endpointsOf = { categories: categoryEndpoints, tags: tagEndpoints, tools: toolEndpoints }

// The three groups differ only in their item type (tools carry on-hand), so calls go through the categories'
// declarations' types; each kind still calls its own endpoint objects.
function endpoints(kind: OrganizerKind) {
  return endpointsOf[kind] as unknown as typeof categoryEndpoints
}

export const organizerKeys = {
  all: (kind: OrganizerKind) => ['organizers', kind] as const,
  list: (kind: OrganizerKind, params: ListParams) => [...organizerKeys.all(kind), 'list', params] as const,
  every: (kind: OrganizerKind) => [...organizerKeys.all(kind), 'every'] as const,
  empty: (kind: OrganizerKind) => [...organizerKeys.all(kind), 'empty'] as const,
  /** The recipe editor's pickers. */
  search: (kind: OrganizerKind, text: string) => [...organizerKeys.all(kind), 'search', text] as const,
}

/** One page of a data table. */
export const organizersQuery = (kind: OrganizerKind, params: ListParams) =>
  queryOptions({
    queryKey: organizerKeys.list(kind, params),
    queryFn: async () => (await call(endpoints(kind).list, { query: params })) as Paginated<Organizer>,
  })

/** All of the group's categories, tags or tools by name: the organizer pages. */
export const everyOrganizerQuery = (kind: OrganizerKind) =>
  queryOptions({
    queryKey: organizerKeys.every(kind),
    queryFn: async () =>
      (await call(endpoints(kind).list, {
        query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
      })) as Paginated<Organizer>,
  })

/** The ones no recipe uses (`/empty`). */
export const unusedOrganizersQuery = (kind: OrganizerKind) =>
  queryOptions({
    queryKey: organizerKeys.empty(kind),
    queryFn: async () => (await call(endpoints(kind).empty)) as Organizer[],
  })

export function useOrganizers(kind: OrganizerKind, params: ListParams) {
  return useQuery({ ...organizersQuery(kind, params), placeholderData: keepPreviousData })
}

const exploreEndpointOf = { categories: exploreCategories, tags: exploreTags, tools: exploreTools }

/** All of a public group's categories, tags or tools by name, as a signed-out visitor reads them (the explore API). */
export const exploreEveryOrganizerQuery = (groupSlug: string, kind: OrganizerKind) =>
  queryOptions({
    queryKey: ['explore', groupSlug, 'organizers', kind] as const,
    queryFn: async () =>
      (await call(exploreEndpointOf[kind] as typeof exploreCategories, {
        params: { groupSlug },
        query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
      })) as Paginated<Organizer>,
  })

/** The organizer page's list, by who reads it (features/auth's useVisitorGroup). */
const everyOrganizerReadQuery = (kind: OrganizerKind, visitorGroup: string | null) =>
  (visitorGroup === null ? everyOrganizerQuery(kind) : exploreEveryOrganizerQuery(visitorGroup, kind)) as ReturnType<
    typeof everyOrganizerQuery
  >

/** The organizer page route's prefetch: nothing until the session is known, since it decides which API to ask. */
export function everyOrganizerReadQueries(groupSlug: string, kind: OrganizerKind) {
  const visitorGroup = visitorGroupNow(groupSlug)
  return visitorGroup === undefined ? [] : [everyOrganizerReadQuery(kind, visitorGroup)]
}

export function useEveryOrganizer(kind: OrganizerKind) {
  return useQuery(everyOrganizerReadQuery(kind, useVisitorGroup()))
}

export function useUnusedOrganizers(kind: OrganizerKind, enabled: boolean) {
  return useQuery({ ...unusedOrganizersQuery(kind), enabled })
}

/** Creates an organizer, or renames the one with `id` (tools also keep their on-hand flag). */
export function useSaveOrganizer(kind: OrganizerKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: OrganizerBody }) =>
      id ? call(endpoints(kind).update, { params: { id }, body }) : call(endpoints(kind).create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.all(kind) }),
  })
}

export function useDeleteOrganizer(kind: OrganizerKind) {
  const queryClient = useQueryClient()
  return {
    deleteOne: (organizer: Organizer) => call(endpoints(kind).remove, { params: { id: organizer.id } }),
    refresh: () => queryClient.invalidateQueries({ queryKey: organizerKeys.all(kind) }),
  }
}

/** Marks a tool as in (or not in) the caller's household; the answer replaces the tool in every cached list. */
export function useToolOnHand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { tool: Organizer; onHand: boolean }) =>
      call(toolEndpoints.update, {
        params: { id: change.tool.id },
        body: { name: change.tool.name, onHand: change.onHand },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.all('tools') }),
  })
}
