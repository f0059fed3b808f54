import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
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
  DebugResponse,
  EmailReady,
  PasswordResetTokenRequest,
  TestEmail,
  UpdateGroup,
  UpdateHousehold,
} from './models.js'

const byId = z.object({ id: z.uuid({ message: 'Not a valid id' }) })
const listQuery = PaginationQuery.extend({ search: z.string().max(200).optional() })
const about = endpointGroup({ tags: ['Admin: About'], auth: 'admin' })

export const getAdminAbout = about.endpoint({
  method: 'GET',
  path: '/api/admin/about',
  summary: 'Facts about this server for administrators',
  responses: { 200: AdminAboutInfo },
})

export const getAdminStatistics = about.endpoint({
  method: 'GET',
  path: '/api/admin/about/statistics',
  summary: 'Counts across the whole server',
  responses: { 200: AppStatistics },
})

export const getAdminCheck = about.endpoint({
  method: 'GET',
  path: '/api/admin/about/check',
  summary: 'Readiness of mail, LDAP, OIDC and the base URL',
  responses: { 200: CheckAppConfig },
})

const users = endpointGroup({ tags: ['Admin: Manage Users'], auth: 'admin' })
export const adminListUsers = users.endpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'List every user of the server',
  query: listQuery,
  responses: { 200: paginated(UserOut) },
})

export const adminCreateUser = users.endpoint({
  method: 'POST',
  path: '/api/admin/users',
  summary: 'Create a user',
  body: UserIn,
  responses: { 201: UserOut, 400: ErrorResponse, 409: ErrorResponse },
})

export const adminUnlockUsers = users.endpoint({
  method: 'POST',
  path: '/api/admin/users/unlock',
  summary: 'Unlock users whose lock has expired, or every locked user with force=true',
  query: z.object({ force: z.stringbool().default(false) }),
  responses: { 200: z.object({ unlocked: z.number().int() }) },
})

export const adminGetUser = users.endpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  summary: 'Read a user',
  params: byId,
  responses: { 200: UserOut, 404: ErrorResponse },
})

export const adminUpdateUser = users.endpoint({
  method: 'PUT',
  path: '/api/admin/users/:id',
  summary: 'Change a user: flags, group and household (by name), auth method',
  params: byId,
  body: AdminUpdateUser,
  responses: { 200: UserOut, 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminDeleteUser = users.endpoint({
  method: 'DELETE',
  path: '/api/admin/users/:id',
  summary: 'Delete a user and what only they own',
  params: byId,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminCreatePasswordResetToken = users.endpoint({
  method: 'POST',
  path: '/api/admin/users/password-reset-token',
  summary: 'Make a password-reset token for a user without mailing it',
  body: PasswordResetTokenRequest,
  responses: { 201: z.object({ token: z.string() }), 400: ErrorResponse, 404: ErrorResponse },
})

const groups = endpointGroup({ tags: ['Admin: Manage Groups'], auth: 'admin' })
export const adminListGroups = groups.endpoint({
  method: 'GET',
  path: '/api/admin/groups',
  summary: 'List every group',
  query: listQuery,
  responses: { 200: paginated(GroupInDB) },
})

export const adminCreateGroup = groups.endpoint({
  method: 'POST',
  path: '/api/admin/groups',
  summary: 'Create a group with its default household',
  body: CreateGroup,
  responses: { 201: GroupInDB, 409: ErrorResponse },
})

export const adminGetGroup = groups.endpoint({
  method: 'GET',
  path: '/api/admin/groups/:id',
  summary: 'Read a group',
  params: byId,
  responses: { 200: GroupInDB, 404: ErrorResponse },
})

export const adminUpdateGroup = groups.endpoint({
  method: 'PUT',
  path: '/api/admin/groups/:id',
  summary: 'Rename a group or change its preferences',
  params: byId,
  body: UpdateGroup,
  responses: { 200: GroupInDB, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminDeleteGroup = groups.endpoint({
  method: 'DELETE',
  path: '/api/admin/groups/:id',
  summary: 'Delete a group that has no users left',
  params: byId,
  responses: { 200: GroupInDB, 400: ErrorResponse, 404: ErrorResponse },
})

const households = endpointGroup({ tags: ['Admin: Manage Households'], auth: 'admin' })
export const adminListHouseholds = households.endpoint({
  method: 'GET',
  path: '/api/admin/households',
  summary: 'List every household',
  query: listQuery,
  responses: { 200: paginated(HouseholdInDB) },
})

export const adminCreateHousehold = households.endpoint({
  method: 'POST',
  path: '/api/admin/households',
  summary: 'Create a household in a group',
  body: CreateHousehold,
  responses: { 201: HouseholdInDB, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminGetHousehold = households.endpoint({
  method: 'GET',
  path: '/api/admin/households/:id',
  summary: 'Read a household',
  params: byId,
  responses: { 200: HouseholdInDB, 404: ErrorResponse },
})

export const adminUpdateHousehold = households.endpoint({
  method: 'PUT',
  path: '/api/admin/households/:id',
  summary: 'Rename a household or replace its preferences',
  params: byId,
  body: UpdateHousehold,
  responses: { 200: HouseholdInDB, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminDeleteHousehold = households.endpoint({
  method: 'DELETE',
  path: '/api/admin/households/:id',
  summary: 'Delete a household that has no users left',
  params: byId,
  responses: { 200: HouseholdInDB, 400: ErrorResponse, 404: ErrorResponse },
})

const email = endpointGroup({ tags: ['Admin: Email'], auth: 'admin' })
export const adminGetEmailReady = email.endpoint({
  method: 'GET',
  path: '/api/admin/email',
  summary: 'Is outgoing mail configured?',
  responses: { 200: EmailReady },
})

export const adminSendTestEmail = email.endpoint({
  method: 'POST',
  path: '/api/admin/email',
  summary: 'Send a test mail',
  body: TestEmail,
  responses: { 200: EmailSendResult },
})

const debug = endpointGroup({ tags: ['Admin: Debug'], auth: 'admin' })
/**
 * Multipart with an optional `image` (and Mealie's client's `extension`, ignored), or no body at all. No body schema
 * is declared: the handler reads the file itself, as the other uploads do. Whether the provider works is the answer's
 * `success`; only a file that is no picture, or too large, is refused.
 */
export const adminDebugOpenAI = debug.endpoint({
  method: 'POST',
  path: '/api/admin/debug/openai',
  summary: 'Test the OpenAI-compatible provider with a short question, and a picture when one is sent',
  bodyEncoding: 'form',
  multipart: z.object({ image: z.file().optional(), extension: z.string().max(20).optional() }),
  responses: { 200: DebugResponse, 413: ErrorResponse, 415: ErrorResponse, 503: ErrorResponse },
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
  adminDebugOpenAI,
] as const
