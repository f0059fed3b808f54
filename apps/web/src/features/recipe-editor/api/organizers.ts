import { categoryEndpoints, tagEndpoints, toolEndpoints } from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'
import { organizerKeys } from '@/features/organizers/api/organizers'

export type OrganizerKind = 'categories' | 'tags' | 'tools'

/** What the editor keeps of a category, tag or tool: enough to show it and to send it back by id. */
export interface OrganizerChoice {
  id: string
  name: string
  slug: string
}

const endpointsOf = { categories: categoryEndpoints, tags: tagEndpoints, tools: toolEndpoints } as const

export const organizerSearchQuery = (kind: OrganizerKind, text: string) =>
  queryOptions({
    queryKey: organizerKeys.search(kind, text),
    queryFn: async () =>
      await call(endpointsOf[kind].list, {
        query: { search: text || undefined, perPage: 30, orderBy: 'name', orderDirection: 'asc' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

/** Creates a category, tag or tool by name (canOrganize; a 403 is the caller's to explain). */
export function useCreateOrganizer(kind: OrganizerKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string): Promise<OrganizerChoice> => {
      const created = await call(endpointsOf[kind].create, {
        body: { name: name.trim() },
        notify: false,
      })
      return { id: created.id, name: created.name, slug: created.slug }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: organizerKeys.all(kind) }),
  })
}
