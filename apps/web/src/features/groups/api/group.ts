import {
  getGroupPreferences,
  getOwnGroup,
  listGroupHouseholds,
  listGroupMembers,
  updateGroupPreferences,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'

export const groupKeys = {
  all: ['groups', 'self'] as const,
  own: () => [...groupKeys.all, 'group'] as const,
  preferences: () => [...groupKeys.all, 'preferences'] as const,
  households: () => [...groupKeys.all, 'households'] as const,
}

export const ownGroupQuery = queryOptions({ queryKey: groupKeys.own(), queryFn: () => call(getOwnGroup) })

export const groupPreferencesQuery = queryOptions({
  queryKey: groupKeys.preferences(),
  queryFn: () => call(getGroupPreferences),
})

export const groupHouseholdsQuery = queryOptions({
  queryKey: groupKeys.households(),
  queryFn: async () =>
    await call(listGroupHouseholds, {
      query: { page: 1, perPage: -1, orderBy: 'name', orderDirection: 'asc' },
    }),
})

export function useOwnGroup() {
  return useQuery(ownGroupQuery)
}

export function useGroupPreferences() {
  return useQuery(groupPreferencesQuery)
}

export function useGroupHouseholds() {
  return useQuery(groupHouseholdsQuery)
}

export function useUpdateGroupPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (privateGroup: boolean) => call(updateGroupPreferences, { body: { privateGroup } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(groupKeys.preferences(), saved)
      void queryClient.invalidateQueries({ queryKey: groupKeys.own() })
    },
  })
}

/** Every member of the group: names for the recipes data table's owner column. */
export const groupMembersQuery = queryOptions({
  queryKey: [...groupKeys.all, 'members'] as const,
  queryFn: async () =>
    await call(listGroupMembers, {
      query: { page: 1, perPage: -1, orderBy: 'username', orderDirection: 'asc' },
    }),
})

export function useGroupMembers() {
  return useQuery(groupMembersQuery)
}
