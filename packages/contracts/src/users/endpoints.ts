import { z } from 'zod'
import { endpoint, endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { UserOut } from './self.js'
import {
  ChangePassword,
  CreateApiToken,
  CreatedApiToken,
  CreateUserRegistration,
  ForgotPassword,
  InvitationSummary,
  ResetPassword,
  UserBase,
  UserIn,
  ValidationResponse,
} from './models.js'

const crud = endpointGroup({ tags: ['Users: CRUD'], auth: 'user' })
const tokens = endpointGroup({ tags: ['Users: Tokens'], auth: 'user' })
const passwords = endpointGroup({ tags: ['Users: Passwords'], auth: 'public' })
const userId = z.object({ id: z.uuid({ message: 'Not a valid user id' }) })

export const updateUser = crud.endpoint({
  method: 'PUT',
  path: '/api/users/:id',
  summary: 'Change a profile: your own, or any in your group as an administrator',
  params: userId,
  body: UserBase,
  responses: { 200: SuccessResponse, 400: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse },
})

export const getUser = crud.endpoint({
  method: 'GET',
  path: '/api/users/:id',
  summary: 'Read a profile: your own, or anyone’s as an administrator',
  params: userId,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse },
})

/** Mealie keeps admin duplicates of /api/admin/users under /api/users; its clients call them, so they answer too. */
export const listUsers = crud.endpoint({
  method: 'GET',
  path: '/api/users',
  summary: 'List every user of the server (administrators)',
  auth: 'admin',
  query: PaginationQuery.extend({ search: z.string().max(200).optional() }),
  responses: { 200: paginated(UserOut) },
})

export const createUser = crud.endpoint({
  method: 'POST',
  path: '/api/users',
  summary: 'Create a user (administrators)',
  auth: 'admin',
  body: UserIn,
  responses: { 201: UserOut, 400: ErrorResponse, 409: ErrorResponse },
})

export const deleteUser = crud.endpoint({
  method: 'DELETE',
  path: '/api/users/:id',
  summary: 'Delete a user (administrators)',
  auth: 'admin',
  params: userId,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
})

export const changePassword = crud.endpoint({
  method: 'PUT',
  path: '/api/users/password',
  summary: 'Change your password (signs out your other sessions)',
  body: ChangePassword,
  responses: { 200: SuccessResponse, 400: ErrorResponse },
})

export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/api/users/:id/image',
  summary: 'Upload a profile picture (multipart field "profile")',
  tags: ['Users: Images'],
  auth: 'user',
  params: userId,
  bodyEncoding: 'form',
  multipart: z.object({ profile: z.file() }),
  responses: { 200: null, 403: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
})

export const createApiToken = tokens.endpoint({
  method: 'POST',
  path: '/api/users/api-tokens',
  summary: 'Create a long-lived API token; its secret is shown only in this answer',
  guards: ['advanced'],
  body: CreateApiToken,
  responses: { 201: CreatedApiToken, 403: ErrorResponse },
})

export const deleteApiToken = tokens.endpoint({
  method: 'DELETE',
  path: '/api/users/api-tokens/:tokenId',
  summary: 'Revoke one of your API tokens',
  params: z.object({ tokenId: z.coerce.number().int().positive() }),
  responses: { 200: z.object({ tokenDelete: z.string() }), 404: ErrorResponse },
})

export const registerUser = endpoint({
  method: 'POST',
  path: '/api/users/register',
  summary: 'Register: join a household with an invitation, or start a new group',
  tags: ['Users: Registration'],
  auth: 'public',
  body: CreateUserRegistration,
  responses: { 201: UserOut, 400: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse },
})

/**
 * Larder's own (Mealie has none): the registration page names the group and household an invitation joins. Every
 * token that cannot be used — unknown, spent or expired — gets the same 404, so the answer tells nothing else.
 */
export const lookUpInvitation = endpoint({
  method: 'GET',
  path: '/api/users/register/invitation',
  summary: 'Name the group and household an invitation joins',
  tags: ['Users: Registration'],
  auth: 'public',
  query: z.object({ token: z.string().min(1).max(200) }),
  responses: { 200: InvitationSummary, 404: ErrorResponse },
})

export const forgotPassword = passwords.endpoint({
  method: 'POST',
  path: '/api/users/forgot-password',
  summary: 'Mail a password-reset link (never tells whether the account exists)',
  body: ForgotPassword,
  responses: { 200: null },
})

export const resetPassword = passwords.endpoint({
  method: 'POST',
  path: '/api/users/reset-password',
  summary: 'Set a new password with a reset token',
  body: ResetPassword,
  responses: { 200: null, 400: ErrorResponse },
})

const validators = endpointGroup({ tags: ['Validators'], auth: 'public' })
const nameQuery = z.object({ name: z.string().max(200).default('') })

export const validateUsername = validators.endpoint({
  method: 'GET',
  path: '/api/validators/user/name',
  summary: 'Is this username free?',
  hidden: true,
  query: nameQuery,
  responses: { 200: ValidationResponse },
})

export const validateEmail = validators.endpoint({
  method: 'GET',
  path: '/api/validators/user/email',
  summary: 'Is this email free?',
  hidden: true,
  query: z.object({ email: z.string().max(254).default('') }),
  responses: { 200: ValidationResponse },
})

export const validateGroupName = validators.endpoint({
  method: 'GET',
  path: '/api/validators/group',
  summary: 'Is this group name free?',
  hidden: true,
  query: nameQuery,
  responses: { 200: ValidationResponse },
})

export const validateHouseholdName = validators.endpoint({
  method: 'GET',
  path: '/api/validators/household',
  summary: "Is this household name free in the caller's group?",
  auth: 'user',
  hidden: true,
  query: nameQuery,
  responses: { 200: ValidationResponse },
})

export const userEndpoints = [
  getUser,
  listUsers,
  createUser,
  deleteUser,
  updateUser,
  changePassword,
  uploadAvatar,
  createApiToken,
  deleteApiToken,
  registerUser,
  lookUpInvitation,
  forgotPassword,
  resetPassword,
  validateUsername,
  validateEmail,
  validateGroupName,
  validateHouseholdName,
] as const
