import {
  createCookbook,
  deleteCookbook,
  exploreCookbook,
  getCookbook,
  listCookbooks,
  updateCookbook,
  updateCookbooks,
  type CreateCookBook,
  type ReadCookBook,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem, type Paginated } from '@/components/paginated'
import { useVisitorGroup, visitorGroupNow } from '@/features/auth'

export const cookbookKeys = {
  all: ['cookbooks'] as const,
  list: () => [...cookbookKeys.all, 'list'] as const,
  detail: (slug: string) => [...cookbookKeys.all, 'detail', slug] as const,
}

/** The household's cookbooks in their order. */
export const cookbooksQuery = queryOptions({
  queryKey: cookbookKeys.list(),
  queryFn: async () =>
    await call(listCookbooks, {
      query: { ...everyItem, orderBy: 'position', orderDirection: 'asc' },
    }),
})

/** One cookbook by slug with the recipes its filter selects. */
export const cookbookQuery = (slug: string) =>
  queryOptions({
    queryKey: cookbookKeys.detail(slug),
    // The page shows a missing cookbook itself; a toast on top would say it twice.
    queryFn: () => call(getCookbook, { params: { id: slug }, notify: false }),
  })

export function useCookbooks() {
  return useQuery(cookbooksQuery)
}

/** A public cookbook with its public recipes, as a signed-out visitor reads it (the explore API); private is a 404. */
export const exploreCookbookQuery = (groupSlug: string, slug: string) =>
  queryOptions({
    queryKey: ['explore', groupSlug, 'cookbooks', 'detail', slug] as const,
    queryFn: () => call(exploreCookbook, { params: { groupSlug, id: slug }, notify: false }),
  })

/** The cookbook page's data, by who reads it (features/auth's useVisitorGroup). */
const cookbookReadQuery = (slug: string, visitorGroup: string | null) =>
  (visitorGroup === null ? cookbookQuery(slug) : exploreCookbookQuery(visitorGroup, slug)) as ReturnType<
    typeof cookbookQuery
  >

/** The cookbook route's prefetch: nothing until the session is known, since it decides which API to ask. */
export function cookbookReadQueries(groupSlug: string, slug: string) {
  const visitorGroup = visitorGroupNow(groupSlug)
  return visitorGroup === undefined ? [] : [cookbookReadQuery(slug, visitorGroup)]
}

export function useCookbook(slug: string) {
  return useQuery(cookbookReadQuery(slug, useVisitorGroup()))
}

/** Creates a cookbook, or replaces the one with `id`. A 422 is kept for the dialog, not notified. */
export function useSaveCookbook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateCookBook }) =>
      id
        ? call(updateCookbook, { params: { id }, body, notify: false })
        : call(createCookbook, { body, notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cookbookKeys.all }),
  })
}

export function useDeleteCookbook() {
  const queryClient = useQueryClient()
  return {
    deleteOne: (book: ReadCookBook) => call(deleteCookbook, { params: { id: book.id } }),
    refresh: () => queryClient.invalidateQueries({ queryKey: cookbookKeys.all }),
  }
}

/**
 * Saves a new order with the bulk PUT: every cookbook with its position (1…n). The list shows the new order at once
 * and goes back to the server's when the save fails.
 */
export function useReorderCookbooks() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ordered: ReadCookBook[]) =>
      call(updateCookbooks, {
        body: ordered.map((book, index) => ({
          id: book.id,
          name: book.name,
          description: book.description,
          slug: book.slug,
          public: book.public,
          queryFilterString: book.queryFilterString,
          position: index + 1,
        })),
      }),
    onMutate: (ordered) => {
      const previous = queryClient.getQueryData<Paginated<ReadCookBook>>(cookbookKeys.list())
      if (previous) {
        queryClient.setQueryData(cookbookKeys.list(), {
          ...previous,
          items: ordered.map((book, index) => ({ ...book, position: index + 1 })),
        })
      }
      return { previous }
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(cookbookKeys.list(), context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cookbookKeys.list() }),
  })
}
