import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { HouseholdSummary } from '../households/models.js'
import { GroupSummary, ReadGroupPreferences, UpdateGroupPreferences, UserSummary } from './models.js'

const group = endpointGroup({ tags: ['Groups: Self Service'], auth: 'user' })
const search = z.object({ search: z.string().max(200).optional() })

export const getOwnGroup = group.endpoint({
  method: 'GET',
  path: '/api/groups/self',
  summary: "Read the caller's group",
  responses: { 200: GroupSummary },
})

export const listGroupMembers = group.endpoint({
  method: 'GET',
  path: '/api/groups/members',
  summary: 'List every member of the group',
  query: PaginationQuery.extend(search.shape),
  responses: { 200: paginated(UserSummary) },
})

export const getGroupMember = group.endpoint({
  method: 'GET',
  path: '/api/groups/members/:usernameOrId',
  summary: 'Read one member of the group by id or username',
  params: z.object({ usernameOrId: z.string().max(200) }),
  responses: { 200: UserSummary, 404: ErrorResponse },
})

export const getGroupPreferences = group.endpoint({
  method: 'GET',
  path: '/api/groups/preferences',
  summary: "Read the group's preferences",
  responses: { 200: ReadGroupPreferences },
})

export const updateGroupPreferences = group.endpoint({
  method: 'PUT',
  path: '/api/groups/preferences',
  summary: "Change the group's preferences",
  guards: ['canManage'],
  body: UpdateGroupPreferences,
  responses: { 200: ReadGroupPreferences, 403: ErrorResponse },
})

export const listGroupHouseholds = group.endpoint({
  method: 'GET',
  path: '/api/groups/households',
  summary: 'List the households of the group',
  query: PaginationQuery.extend(search.shape),
  responses: { 200: paginated(HouseholdSummary) },
})

export const getGroupHousehold = group.endpoint({
  method: 'GET',
  path: '/api/groups/households/:householdSlug',
  summary: 'Read one household of the group by slug or id',
  params: z.object({ householdSlug: z.string().max(200) }),
  responses: { 200: HouseholdSummary, 404: ErrorResponse },
})

export const groupEndpoints = [
  getOwnGroup,
  listGroupMembers,
  getGroupMember,
  getGroupPreferences,
  updateGroupPreferences,
  listGroupHouseholds,
  getGroupHousehold,
] as const
