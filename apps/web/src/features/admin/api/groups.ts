import { adminCreateGroup, adminDeleteGroup, adminGetGroup, adminListGroups, adminUpdateGroup } from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem } from '@/components/paginated'

export const adminGroupKeys = {
  all: ['admin', 'groups'] as const,
  list: () => [...adminGroupKeys.all, 'list'] as const,
  detail: (id: string) => [...adminGroupKeys.all, 'detail', id] as const,
}

export const adminGroupsQuery = () =>
  queryOptions({
    queryKey: adminGroupKeys.list(),
    queryFn: async () =>
      await call(adminListGroups, {
        query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
      }),
  })

export const adminGroupQuery = (id: string) =>
  queryOptions({ queryKey: adminGroupKeys.detail(id), queryFn: () => call(adminGetGroup, { params: { id } }) })

export function useAdminGroups() {
  return useQuery(adminGroupsQuery())
}

export function useAdminGroup(id: string) {
  return useQuery(adminGroupQuery(id))
}

export function useAdminCreateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => call(adminCreateGroup, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}

export function useAdminUpdateGroup(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { name: string; privateGroup: boolean }) =>
      call(adminUpdateGroup, {
        params: { id },
        body: { id, name: change.name, preferences: { privateGroup: change.privateGroup } },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminGroupKeys.detail(id), saved)
      void queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}

export function useAdminDeleteGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(adminDeleteGroup, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
