import { createApiToken, deleteApiToken } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/api/http'
import { session } from '@/features/auth'

/** The list of tokens comes with the user (UserOut.tokens); both calls refresh the session to update it. */
export function useCreateApiToken() {
  return useMutation({
    mutationFn: async (name: string) => {
      const created = await call(createApiToken, { body: { name } })
      await session.fetchSession()
      return created
    },
  })
}

export function useDeleteApiToken() {
  return useMutation({
    mutationFn: async (tokenId: number) => {
      await call(deleteApiToken, { params: { tokenId } })
      await session.fetchSession()
    },
  })
}
