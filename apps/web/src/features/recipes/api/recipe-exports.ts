import {
  bulkExportRecipes,
  deleteRecipeExport,
  getRecipeExportToken,
  listRecipeExports,
  listRecipes,
  purgeRecipeExports,
  retryRecipeExport,
  type GroupDataExport,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'
import { saveDownload } from './save-download'

/** How often the list is asked again at first while an export is being built. */
export const exportPollMs = 1500
/** The longest pause between asks, however long a build takes: the page keeps asking while it is open. */
const slowestPollMs = 30_000

/**
 * When to ask for the list again: never while nothing is building; soon after a build starts, then backing off with
 * the age of the newest build (a tenth of it), so a long or stuck build costs a request every half minute at most.
 */
export function nextExportPollMs(exports: readonly GroupDataExport[] | undefined, now = Date.now()): number | false {
  const started = (exports ?? []).filter((item) => item.status === 'building').map((item) => Date.parse(item.createdAt))
  if (started.length === 0) return false
  return Math.min(slowestPollMs, Math.max(exportPollMs, (now - Math.max(...started)) / 10))
}

export const recipeExportKeys = { list: ['recipe-exports'] as const }

export const recipeExportsQuery = queryOptions({
  queryKey: recipeExportKeys.list,
  queryFn: () => call(listRecipeExports, { notify: false }),
})

/**
 * The group's recipe exports (docs/mealie-compatibility.md "Recipe bulk actions"): the server lists an export from the moment it is asked for, so the
 * list is polled while one is building and shows a failed build with its reason; a failed one can be built again or
 * dismissed. A download asks for a short-lived token and opens `/api/utils/download?token=`; purging deletes them all.
 */
export function useRecipeExports() {
  const queryClient = useQueryClient()
  const list = useQuery({ ...recipeExportsQuery, refetchInterval: (query) => nextExportPollMs(query.state.data) })
  const building = list.data?.some((item) => item.status === 'building') ?? false
  const listAgain = () => queryClient.invalidateQueries({ queryKey: recipeExportKeys.list })

  const start = useMutation({
    mutationFn: (slugs: string[]) => call(bulkExportRecipes, { body: { recipes: slugs, exportType: 'json' } }),
    onSuccess: listAgain,
  })

  /** Every recipe of the household: bulk actions act on the caller's household's recipes only. */
  const startAll = useMutation({
    mutationFn: async (householdId: string) => {
      const all = await call(listRecipes, {
        query: { households: [householdId], perPage: -1, orderBy: 'name', orderDirection: 'asc' },
      })
      if (all.items.length === 0) return false
      await start.mutateAsync(all.items.map((recipe) => recipe.slug))
      return true
    },
  })

  const purge = useMutation({
    mutationFn: () => call(purgeRecipeExports),
    onSuccess: () => {
      queryClient.setQueryData(recipeExportKeys.list, [])
      void listAgain()
    },
  })

  const retry = useMutation({
    mutationFn: (item: GroupDataExport) => call(retryRecipeExport, { params: { id: item.id } }),
    onSettled: listAgain,
  })

  const dismiss = useMutation({
    mutationFn: (item: GroupDataExport) => call(deleteRecipeExport, { params: { id: item.id } }),
    onSuccess: (_answer, item) => {
      queryClient.setQueryData<GroupDataExport[]>(recipeExportKeys.list, (items) =>
        items?.filter((other) => other.id !== item.id),
      )
    },
    onSettled: listAgain,
  })

  const download = useMutation({
    mutationFn: async (item: GroupDataExport) => {
      const { fileToken } = await call(getRecipeExportToken, { query: { path: item.path } })
      saveDownload(`/api/utils/download?token=${encodeURIComponent(fileToken)}`, item.filename)
    },
  })

  return { list, building, start, startAll, purge, retry, dismiss, download }
}

export type RecipeExports = ReturnType<typeof useRecipeExports>
