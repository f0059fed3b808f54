import {
  adminCreateHousehold,
  adminDeleteHousehold,
  adminGetHousehold,
  adminListHouseholds,
  adminUpdateHousehold,
  type HouseholdInDB,
  type UpdateHouseholdPreferences,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem } from '@/components/paginated'

export const adminHouseholdKeys = {
  all: ['admin', 'households'] as const,
  list: () => [...adminHouseholdKeys.all, 'list'] as const,
  detail: (id: string) => [...adminHouseholdKeys.all, 'detail', id] as const,
}

export const adminHouseholdsQuery = () =>
  queryOptions({
    queryKey: adminHouseholdKeys.list(),
    queryFn: async () =>
      await call(adminListHouseholds, {
        query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' },
      }),
  })

export const adminHouseholdQuery = (id: string) =>
  queryOptions({
    queryKey: adminHouseholdKeys.detail(id),
    queryFn: () => call(adminGetHousehold, { params: { id } }),
  })

export function useAdminHouseholds() {
  return useQuery(adminHouseholdsQuery())
}

export function useAdminHousehold(id: string) {
  return useQuery(adminHouseholdQuery(id))
}

export function useAdminCreateHousehold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (household: { groupId: string; name: string }) => call(adminCreateHousehold, { body: household }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}

export function useAdminUpdateHousehold(household: Pick<HouseholdInDB, 'id' | 'groupId'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { name: string; preferences: Required<UpdateHouseholdPreferences> }) =>
      call(adminUpdateHousehold, {
        params: { id: household.id },
        body: { id: household.id, groupId: household.groupId, ...change },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminHouseholdKeys.detail(household.id), saved)
      void queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}

export function useAdminDeleteHousehold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(adminDeleteHousehold, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
