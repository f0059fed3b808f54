import {
  bulkExportRecipes,
  getRecipeExportToken,
  listRecipeExports,
  listRecipes,
  purgeRecipeExports,
  type GroupDataExport,
  type RecipeSummary,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { call } from '@/api/http'
import type { Paginated } from '@/components/paginated'

/** How often the list is asked again while an export is being built. */
export const exportPollMs = 1500
/** A build that has not shown up by then is not waited for any longer (the list can still be refreshed). */
const longestWaitMs = 2 * 60 * 1000

export const recipeExportKeys = { list: ['recipe-exports'] as const }

export const recipeExportsQuery = queryOptions({
  queryKey: recipeExportKeys.list,
  queryFn: () => call(listRecipeExports, { notify: false }) as Promise<GroupDataExport[]>,
})

/** Opens the file in the browser's downloads; the server answers it as an attachment, so the page stays. */
function saveFromUrl(href: string, fileName: string) {
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * The group's recipe exports (reference §2.7.7): starting one answers at once while a job builds the zip, so the list
 * is polled until the new export shows up; a download asks for a short-lived token and opens
 * `/api/utils/download?token=`; purging deletes them all.
 */
export function useRecipeExports() {
  const queryClient = useQueryClient()
  /** How many exports the list should hold once the builds asked for are done; null when none is awaited. */
  const [awaited, setAwaited] = useState<number | null>(null)
  const list = useQuery({
    ...recipeExportsQuery,
    refetchInterval: (query) => (awaited !== null && (query.state.data?.length ?? 0) < awaited ? exportPollMs : false),
  })
  const building = awaited !== null && (list.data?.length ?? 0) < awaited

  // A build that never shows up (it failed for good) is not waited for forever.
  useEffect(() => {
    if (!building) return
    const giveUp = window.setTimeout(() => setAwaited(null), longestWaitMs)
    return () => window.clearTimeout(giveUp)
  }, [building, awaited])

  const start = useMutation({
    mutationFn: (slugs: string[]) => call(bulkExportRecipes, { body: { recipes: slugs, exportType: 'json' } }),
    onSuccess: () => {
      const listed = queryClient.getQueryData<GroupDataExport[]>(recipeExportKeys.list)?.length ?? 0
      setAwaited((current) => (current !== null && listed < current ? current : listed) + 1)
    },
  })

  /** Every recipe of the household: bulk actions act on the caller's household's recipes only. */
  const startAll = useMutation({
    mutationFn: async (householdId: string) => {
      const all = (await call(listRecipes, {
        query: { households: [householdId], perPage: -1, orderBy: 'name', orderDirection: 'asc' },
      })) as Paginated<RecipeSummary>
      if (all.items.length === 0) return false
      await start.mutateAsync(all.items.map((recipe) => recipe.slug))
      return true
    },
  })

  const purge = useMutation({
    mutationFn: () => call(purgeRecipeExports),
    onSuccess: () => {
      setAwaited(null)
      queryClient.setQueryData(recipeExportKeys.list, [])
      void queryClient.invalidateQueries({ queryKey: recipeExportKeys.list })
    },
  })

  const download = useMutation({
    mutationFn: async (item: GroupDataExport) => {
      const { fileToken } = await call(getRecipeExportToken, { query: { path: item.path } })
      saveFromUrl(`/api/utils/download?token=${encodeURIComponent(fileToken)}`, item.filename)
    },
  })

  return { list, building, start, startAll, purge, download }
}

export type RecipeExports = ReturnType<typeof useRecipeExports>
