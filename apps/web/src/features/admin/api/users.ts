import {
  adminCreatePasswordResetToken,
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUnlockUsers,
  adminUpdateUser,
  type UserBase,
  type UserIn,
} from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (search: string, page: number) => [...adminUserKeys.all, 'list', { search, page }] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
}

export const adminUsersPerPage = 25

export const adminUsersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.list(search, page),
    queryFn: async () =>
      await call(adminListUsers, {
        query: {
          page,
          perPage: adminUsersPerPage,
          orderBy: 'username',
          orderDirection: 'asc',
          ...(search ? { search } : {}),
        },
      }),
  })

export const adminUserQuery = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: () => call(adminGetUser, { params: { id } }) })

export function useAdminUsers(search: string, page: number) {
  return useQuery({ ...adminUsersQuery(search, page), placeholderData: keepPreviousData })
}

export function useAdminUser(id: string) {
  return useQuery(adminUserQuery(id))
}

export function useAdminCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: UserIn) => call(adminCreateUser, { body: user }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  })
}

export function useAdminUpdateUser(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (user: UserBase) => call(adminUpdateUser, { params: { id }, body: { ...user, id } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminUserKeys.detail(id), saved)
      void queryClient.invalidateQueries({ queryKey: [...adminUserKeys.all, 'list'] })
    },
  })
}

export function useAdminDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(adminDeleteUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  })
}

export function useAdminUnlockUsers() {
  return useMutation({ mutationFn: (force: boolean) => call(adminUnlockUsers, { query: { force: String(force) } }) })
}

export function useAdminPasswordResetToken() {
  return useMutation({ mutationFn: (email: string) => call(adminCreatePasswordResetToken, { body: { email } }) })
}

/** The reset page's address for a token (the server mails the same link, docs/mealie-compatibility.md "Registration, invitations and password reset"). */
export function passwordResetLink(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`
}
