import { createShareToken, deleteShareToken, listShareTokens } from '@larder/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'

const tokensKey = (recipeId: string) => ['recipe-share-tokens', recipeId] as const

/** The recipe's share tokens that have not expired, newest first. */
export function useShareTokens(recipeId: string, enabled: boolean) {
  return useQuery({
    queryKey: tokensKey(recipeId),
    queryFn: async () =>
      (await call(listShareTokens, { query: { recipe_id: recipeId } }))
        .filter((token) => Date.parse(token.expiresAt) > Date.now())
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    enabled,
  })
}

export function useShareTokenMutations(recipeId: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensKey(recipeId) })
  const create = useMutation({
    mutationFn: () => call(createShareToken, { body: { recipeId }, notify: false }),
    onSuccess: refresh,
  })
  const revoke = useMutation({
    mutationFn: (id: string) => call(deleteShareToken, { params: { id }, notify: false }),
    onSuccess: refresh,
  })
  return { create, revoke }
}

/** The signed-out page a share token opens. */
export function sharedRecipePath(groupSlug: string, token: string) {
  return `/g/${encodeURIComponent(groupSlug)}/shared/r/${encodeURIComponent(token)}`
}
