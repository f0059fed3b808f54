import {
  getHouseholdPreferences,
  getHouseholdStatistics,
  getOwnHousehold,
  listHouseholdMembers,
  setMemberPermissions,
  updateHouseholdPreferences,
  type UpdateHouseholdPreferences,
  type UserOut,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type { Paginated } from '@/components/paginated'

export const householdKeys = {
  all: ['households', 'self'] as const,
  own: () => [...householdKeys.all, 'household'] as const,
  members: () => [...householdKeys.all, 'members'] as const,
  preferences: () => [...householdKeys.all, 'preferences'] as const,
  statistics: () => [...householdKeys.all, 'statistics'] as const,
}

export const householdMembersQuery = queryOptions({
  queryKey: householdKeys.members(),
  queryFn: async () =>
    await call(listHouseholdMembers, {
      query: { page: 1, perPage: -1, orderBy: 'username', orderDirection: 'asc' },
    }),
})

export function useOwnHousehold() {
  return useQuery({ queryKey: householdKeys.own(), queryFn: () => call(getOwnHousehold) })
}

export function useHouseholdMembers() {
  return useQuery(householdMembersQuery)
}

export function useHouseholdStatistics() {
  return useQuery({ queryKey: householdKeys.statistics(), queryFn: () => call(getHouseholdStatistics) })
}

export const householdPreferencesQuery = queryOptions({
  queryKey: householdKeys.preferences(),
  queryFn: () => call(getHouseholdPreferences),
})

export function useHouseholdPreferences() {
  return useQuery(householdPreferencesQuery)
}

export function useUpdateHouseholdPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: Required<UpdateHouseholdPreferences>) =>
      call(updateHouseholdPreferences, { body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(householdKeys.preferences(), saved),
  })
}

export type MemberPermission = 'canManageHousehold' | 'canManage' | 'canOrganize' | 'canInvite'
export const memberPermissions: readonly MemberPermission[] = [
  'canManageHousehold',
  'canManage',
  'canOrganize',
  'canInvite',
]

/** PUT /api/households/permissions overwrites all four flags: send the member's others as they are. */
export function permissionsBody(member: UserOut, permission: MemberPermission, granted: boolean) {
  return {
    userId: member.id,
    canManageHousehold: member.canManageHousehold,
    canManage: member.canManage,
    canOrganize: member.canOrganize,
    canInvite: member.canInvite,
    [permission]: granted,
  }
}

export function useSetMemberPermission() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { member: UserOut; permission: MemberPermission; granted: boolean }) =>
      call(setMemberPermissions, { body: permissionsBody(change.member, change.permission, change.granted) }),
    onSuccess: (updated) =>
      queryClient.setQueryData<Paginated<UserOut>>(householdKeys.members(), (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === updated.id ? updated : item)) } : list,
      ),
  })
}
