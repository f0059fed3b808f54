import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { UserOut } from '../users/self.js'
import {
  CreateInviteToken,
  EmailInvitation,
  EmailSendResult,
  HouseholdInDB,
  HouseholdStatistics,
  ReadHouseholdPreferences,
  ReadInviteToken,
  SetPermissions,
  UpdateHouseholdPreferences,
} from './models.js'

const tags = ['Households: Self Service']
const household = endpointGroup({ tags, auth: 'user' })
const invitations = endpointGroup({ tags, auth: 'user', guards: ['canInvite'], errors: { 403: ErrorResponse } })

export const getOwnHousehold = household.endpoint({
  method: 'GET',
  path: '/api/households/self',
  summary: "Read the caller's household",
  responses: { 200: HouseholdInDB },
})

export const listHouseholdMembers = household.endpoint({
  method: 'GET',
  path: '/api/households/members',
  summary: "List the members of the caller's household",
  query: PaginationQuery,
  responses: { 200: paginated(UserOut) },
})

export const getHouseholdPreferences = household.endpoint({
  method: 'GET',
  path: '/api/households/preferences',
  summary: "Read the household's preferences",
  responses: { 200: ReadHouseholdPreferences },
})

export const updateHouseholdPreferences = household.endpoint({
  method: 'PUT',
  path: '/api/households/preferences',
  summary: "Replace the household's preferences",
  guards: ['canManageHousehold'],
  body: UpdateHouseholdPreferences,
  responses: { 200: ReadHouseholdPreferences, 403: ErrorResponse },
})

export const setMemberPermissions = household.endpoint({
  method: 'PUT',
  path: '/api/households/permissions',
  summary: 'Set the permission flags of a member of the household',
  guards: ['canManage'],
  body: SetPermissions,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse },
})

export const getHouseholdStatistics = household.endpoint({
  method: 'GET',
  path: '/api/households/statistics',
  summary: 'Count what the household holds',
  responses: { 200: HouseholdStatistics },
})

export const listInvitations = invitations.endpoint({
  method: 'GET',
  path: '/api/households/invitations',
  summary: "List the household's open invitations",
  responses: { 200: z.array(ReadInviteToken) },
})

export const createInvitation = invitations.endpoint({
  method: 'POST',
  path: '/api/households/invitations',
  summary: 'Create an invitation to join the household',
  body: CreateInviteToken,
  responses: { 201: ReadInviteToken },
})

export const emailInvitation = invitations.endpoint({
  method: 'POST',
  path: '/api/households/invitations/email',
  summary: 'Mail an invitation link',
  body: EmailInvitation,
  responses: { 200: EmailSendResult, 404: ErrorResponse },
})

export const householdEndpoints = [
  getOwnHousehold,
  listHouseholdMembers,
  getHouseholdPreferences,
  updateHouseholdPreferences,
  setMemberPermissions,
  getHouseholdStatistics,
  listInvitations,
  createInvitation,
  emailInvitation,
] as const
