import { z } from 'zod'
import { endpoint } from '../endpoint.js'
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

export const getOwnHousehold = endpoint({
  method: 'GET',
  path: '/api/households/self',
  summary: "Read the caller's household",
  tags,
  auth: 'user',
  responses: { 200: HouseholdInDB },
})

export const listHouseholdMembers = endpoint({
  method: 'GET',
  path: '/api/households/members',
  summary: "List the members of the caller's household",
  tags,
  auth: 'user',
  query: PaginationQuery,
  responses: { 200: paginated(UserOut) },
})

export const getHouseholdPreferences = endpoint({
  method: 'GET',
  path: '/api/households/preferences',
  summary: "Read the household's preferences",
  tags,
  auth: 'user',
  responses: { 200: ReadHouseholdPreferences },
})

export const updateHouseholdPreferences = endpoint({
  method: 'PUT',
  path: '/api/households/preferences',
  summary: "Replace the household's preferences",
  tags,
  auth: 'user',
  guards: ['canManageHousehold'],
  body: UpdateHouseholdPreferences,
  responses: { 200: ReadHouseholdPreferences, 403: ErrorResponse },
})

export const setMemberPermissions = endpoint({
  method: 'PUT',
  path: '/api/households/permissions',
  summary: 'Set the permission flags of a member of the household',
  tags,
  auth: 'user',
  guards: ['canManage'],
  body: SetPermissions,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse },
})

export const getHouseholdStatistics = endpoint({
  method: 'GET',
  path: '/api/households/statistics',
  summary: 'Count what the household holds',
  tags,
  auth: 'user',
  responses: { 200: HouseholdStatistics },
})

export const listInvitations = endpoint({
  method: 'GET',
  path: '/api/households/invitations',
  summary: "List the household's open invitations",
  tags,
  auth: 'user',
  guards: ['canInvite'],
  responses: { 200: z.array(ReadInviteToken), 403: ErrorResponse },
})

export const createInvitation = endpoint({
  method: 'POST',
  path: '/api/households/invitations',
  summary: 'Create an invitation to join the household',
  tags,
  auth: 'user',
  guards: ['canInvite'],
  body: CreateInviteToken,
  responses: { 201: ReadInviteToken, 403: ErrorResponse },
})

export const emailInvitation = endpoint({
  method: 'POST',
  path: '/api/households/invitations/email',
  summary: 'Mail an invitation link',
  tags,
  auth: 'user',
  guards: ['canInvite'],
  body: EmailInvitation,
  responses: { 200: EmailSendResult, 403: ErrorResponse, 404: ErrorResponse },
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
