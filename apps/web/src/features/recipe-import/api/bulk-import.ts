import { createRecipesFromUrls, type CreateRecipeByUrlBulk } from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { reportKeys } from '@/features/reports'

/** Starts a bulk import (202); answers the id of its report, which fills in as the pages are imported. */
export function useBulkImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateRecipeByUrlBulk) =>
      (await call(createRecipesFromUrls, { body, notify: false })).reportId,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  })
}
