import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { GroupInDB } from '../groups/models.js'
import { EmailSendResult, HouseholdInDB } from '../households/models.js'
import { UserIn } from '../users/models.js'
import { UserOut } from '../users/self.js'
import {
  AdminAboutInfo,
  AdminUpdateUser,
  AppStatistics,
  CheckAppConfig,
  CreateGroup,
  CreateHousehold,
  EmailReady,
  PasswordResetTokenRequest,
  TestEmail,
  UpdateGroup,
  UpdateHousehold,
} from './models.js'

const byId = z.object({ id: z.uuid({ message: 'Not a valid id' }) })
const listQuery = PaginationQuery.extend({ search: z.string().max(200).optional() })

export const getAdminAbout = endpoint({
  method: 'GET',
  path: '/api/admin/about',
  summary: 'Facts about this server for administrators',
  tags: ['Admin: About'],
  auth: 'admin',
  responses: { 200: AdminAboutInfo },
})

export const getAdminStatistics = endpoint({
  method: 'GET',
  path: '/api/admin/about/statistics',
  summary: 'Counts across the whole server',
  tags: ['Admin: About'],
  auth: 'admin',
  responses: { 200: AppStatistics },
})

export const getAdminCheck = endpoint({
  method: 'GET',
  path: '/api/admin/about/check',
  summary: 'Readiness of mail, LDAP, OIDC and the base URL',
  tags: ['Admin: About'],
  auth: 'admin',
  responses: { 200: CheckAppConfig },
})

const userTags = ['Admin: Manage Users']
export const adminListUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'List every user of the server',
  tags: userTags,
  auth: 'admin',
  query: listQuery,
  responses: { 200: paginated(UserOut) },
})

export const adminCreateUser = endpoint({
  method: 'POST',
  path: '/api/admin/users',
  summary: 'Create a user',
  tags: userTags,
  auth: 'admin',
  body: UserIn,
  responses: { 201: UserOut, 400: ErrorResponse, 409: ErrorResponse },
})

export const adminUnlockUsers = endpoint({
  method: 'POST',
  path: '/api/admin/users/unlock',
  summary: 'Unlock users whose lock has expired, or every locked user with force=true',
  tags: userTags,
  auth: 'admin',
  query: z.object({ force: z.stringbool().default(false) }),
  responses: { 200: z.object({ unlocked: z.number().int() }) },
})

export const adminGetUser = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  summary: 'Read a user',
  tags: userTags,
  auth: 'admin',
  params: byId,
  responses: { 200: UserOut, 404: ErrorResponse },
})

export const adminUpdateUser = endpoint({
  method: 'PUT',
  path: '/api/admin/users/:id',
  summary: 'Change a user: flags, group and household (by name), auth method',
  tags: userTags,
  auth: 'admin',
  params: byId,
  body: AdminUpdateUser,
  responses: { 200: UserOut, 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminDeleteUser = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/:id',
  summary: 'Delete a user and what only they own',
  tags: userTags,
  auth: 'admin',
  params: byId,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse },
})

export const adminCreatePasswordResetToken = endpoint({
  method: 'POST',
  path: '/api/admin/users/password-reset-token',
  summary: 'Make a password-reset token for a user without mailing it',
  tags: userTags,
  auth: 'admin',
  body: PasswordResetTokenRequest,
  responses: { 201: z.object({ token: z.string() }), 400: ErrorResponse, 404: ErrorResponse },
})

const groupTags = ['Admin: Manage Groups']
export const adminListGroups = endpoint({
  method: 'GET',
  path: '/api/admin/groups',
  summary: 'List every group',
  tags: groupTags,
  auth: 'admin',
  query: listQuery,
  responses: { 200: paginated(GroupInDB) },
})

export const adminCreateGroup = endpoint({
  method: 'POST',
  path: '/api/admin/groups',
  summary: 'Create a group with its default household',
  tags: groupTags,
  auth: 'admin',
  body: CreateGroup,
  responses: { 201: GroupInDB, 409: ErrorResponse },
})

export const adminGetGroup = endpoint({
  method: 'GET',
  path: '/api/admin/groups/:id',
  summary: 'Read a group',
  tags: groupTags,
  auth: 'admin',
  params: byId,
  responses: { 200: GroupInDB, 404: ErrorResponse },
})

export const adminUpdateGroup = endpoint({
  method: 'PUT',
  path: '/api/admin/groups/:id',
  summary: 'Rename a group or change its preferences',
  tags: groupTags,
  auth: 'admin',
  params: byId,
  body: UpdateGroup,
  responses: { 200: GroupInDB, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminDeleteGroup = endpoint({
  method: 'DELETE',
  path: '/api/admin/groups/:id',
  summary: 'Delete a group that has no users left',
  tags: groupTags,
  auth: 'admin',
  params: byId,
  responses: { 200: GroupInDB, 400: ErrorResponse, 404: ErrorResponse },
})

const householdTags = ['Admin: Manage Households']
export const adminListHouseholds = endpoint({
  method: 'GET',
  path: '/api/admin/households',
  summary: 'List every household',
  tags: householdTags,
  auth: 'admin',
  query: listQuery,
  responses: { 200: paginated(HouseholdInDB) },
})

export const adminCreateHousehold = endpoint({
  method: 'POST',
  path: '/api/admin/households',
  summary: 'Create a household in a group',
  tags: householdTags,
  auth: 'admin',
  body: CreateHousehold,
  responses: { 201: HouseholdInDB, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminGetHousehold = endpoint({
  method: 'GET',
  path: '/api/admin/households/:id',
  summary: 'Read a household',
  tags: householdTags,
  auth: 'admin',
  params: byId,
  responses: { 200: HouseholdInDB, 404: ErrorResponse },
})

export const adminUpdateHousehold = endpoint({
  method: 'PUT',
  path: '/api/admin/households/:id',
  summary: 'Rename a household or replace its preferences',
  tags: householdTags,
  auth: 'admin',
  params: byId,
  body: UpdateHousehold,
  responses: { 200: HouseholdInDB, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminDeleteHousehold = endpoint({
  method: 'DELETE',
  path: '/api/admin/households/:id',
  summary: 'Delete a household that has no users left',
  tags: householdTags,
  auth: 'admin',
  params: byId,
  responses: { 200: HouseholdInDB, 400: ErrorResponse, 404: ErrorResponse },
})

export const adminGetEmailReady = endpoint({
  method: 'GET',
  path: '/api/admin/email',
  summary: 'Is outgoing mail configured?',
  tags: ['Admin: Email'],
  auth: 'admin',
  responses: { 200: EmailReady },
})

export const adminSendTestEmail = endpoint({
  method: 'POST',
  path: '/api/admin/email',
  summary: 'Send a test mail',
  tags: ['Admin: Email'],
  auth: 'admin',
  body: TestEmail,
  responses: { 200: EmailSendResult },
})

export const adminEndpoints = [
  getAdminAbout,
  getAdminStatistics,
  getAdminCheck,
  adminListUsers,
  adminCreateUser,
  adminUnlockUsers,
  adminGetUser,
  adminUpdateUser,
  adminDeleteUser,
  adminCreatePasswordResetToken,
  adminListGroups,
  adminCreateGroup,
  adminGetGroup,
  adminUpdateGroup,
  adminDeleteGroup,
  adminListHouseholds,
  adminCreateHousehold,
  adminGetHousehold,
  adminUpdateHousehold,
  adminDeleteHousehold,
  adminGetEmailReady,
  adminSendTestEmail,
] as const
