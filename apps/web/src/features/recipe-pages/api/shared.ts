import { getSharedRecipe } from '@larder/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'

/** A recipe read by its share token, signed out; a 404 (expired, revoked, unknown) is the page's own message. */
export const sharedRecipeQuery = (token: string) =>
  queryOptions({
    queryKey: ['shared-recipe', token] as const,
    queryFn: () => call(getSharedRecipe, { params: { token }, notify: false }),
    retry: false,
  })

export function useSharedRecipe(token: string) {
  return useQuery(sharedRecipeQuery(token))
}
