import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { HouseholdSummary } from '../households/models.js'
import { GroupSummary, ReadGroupPreferences, UpdateGroupPreferences, UserSummary } from './models.js'

const tags = ['Groups: Self Service']
const search = z.object({ search: z.string().max(200).optional() })

export const getOwnGroup = endpoint({
  method: 'GET',
  path: '/api/groups/self',
  summary: "Read the caller's group",
  tags,
  auth: 'user',
  responses: { 200: GroupSummary },
})

export const listGroupMembers = endpoint({
  method: 'GET',
  path: '/api/groups/members',
  summary: 'List every member of the group',
  tags,
  auth: 'user',
  query: PaginationQuery.extend(search.shape),
  responses: { 200: paginated(UserSummary) },
})

export const getGroupMember = endpoint({
  method: 'GET',
  path: '/api/groups/members/:usernameOrId',
  summary: 'Read one member of the group by id or username',
  tags,
  auth: 'user',
  params: z.object({ usernameOrId: z.string().max(200) }),
  responses: { 200: UserSummary, 404: ErrorResponse },
})

export const getGroupPreferences = endpoint({
  method: 'GET',
  path: '/api/groups/preferences',
  summary: "Read the group's preferences",
  tags,
  auth: 'user',
  responses: { 200: ReadGroupPreferences },
})

export const updateGroupPreferences = endpoint({
  method: 'PUT',
  path: '/api/groups/preferences',
  summary: "Change the group's preferences",
  tags,
  auth: 'user',
  guards: ['canManage'],
  body: UpdateGroupPreferences,
  responses: { 200: ReadGroupPreferences, 403: ErrorResponse },
})

export const listGroupHouseholds = endpoint({
  method: 'GET',
  path: '/api/groups/households',
  summary: 'List the households of the group',
  tags,
  auth: 'user',
  query: PaginationQuery.extend(search.shape),
  responses: { 200: paginated(HouseholdSummary) },
})

export const getGroupHousehold = endpoint({
  method: 'GET',
  path: '/api/groups/households/:householdSlug',
  summary: 'Read one household of the group by slug or id',
  tags,
  auth: 'user',
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
