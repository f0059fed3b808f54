import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { UserOut } from './self.js'
import {
  ChangePassword,
  CreateApiToken,
  CreatedApiToken,
  CreateUserRegistration,
  ForgotPassword,
  ResetPassword,
  UserBase,
  UserIn,
  ValidationResponse,
} from './models.js'

const tags = ['Users: CRUD']
const userId = z.object({ id: z.uuid({ message: 'Not a valid user id' }) })

export const updateUser = endpoint({
  method: 'PUT',
  path: '/api/users/:id',
  summary: 'Change a profile: your own, or any in your group as an administrator',
  tags,
  auth: 'user',
  params: userId,
  body: UserBase,
  responses: { 200: SuccessResponse, 400: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse },
})

export const getUser = endpoint({
  method: 'GET',
  path: '/api/users/:id',
  summary: 'Read a profile: your own, or anyone’s as an administrator',
  tags,
  auth: 'user',
  params: userId,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse },
})

/** Mealie keeps admin duplicates of /api/admin/users under /api/users; its clients call them, so they answer too. */
export const listUsers = endpoint({
  method: 'GET',
  path: '/api/users',
  summary: 'List every user of the server (administrators)',
  tags,
  auth: 'admin',
  query: PaginationQuery.extend({ search: z.string().max(200).optional() }),
  responses: { 200: paginated(UserOut) },
})

export const createUser = endpoint({
  method: 'POST',
  path: '/api/users',
  summary: 'Create a user (administrators)',
  tags,
  auth: 'admin',
  body: UserIn,
  responses: { 201: UserOut, 400: ErrorResponse, 409: ErrorResponse },
})

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/users/:id',
  summary: 'Delete a user (administrators)',
  tags,
  auth: 'admin',
  params: userId,
  responses: { 200: UserOut, 403: ErrorResponse, 404: ErrorResponse },
})

export const changePassword = endpoint({
  method: 'PUT',
  path: '/api/users/password',
  summary: 'Change your password (signs out your other sessions)',
  tags,
  auth: 'user',
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
  responses: { 200: null, 403: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
})

export const createApiToken = endpoint({
  method: 'POST',
  path: '/api/users/api-tokens',
  summary: 'Create a long-lived API token; its secret is shown only in this answer',
  tags: ['Users: Tokens'],
  auth: 'user',
  guards: ['advanced'],
  body: CreateApiToken,
  responses: { 201: CreatedApiToken, 403: ErrorResponse },
})

export const deleteApiToken = endpoint({
  method: 'DELETE',
  path: '/api/users/api-tokens/:tokenId',
  summary: 'Revoke one of your API tokens',
  tags: ['Users: Tokens'],
  auth: 'user',
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

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/users/forgot-password',
  summary: 'Mail a password-reset link (never tells whether the account exists)',
  tags: ['Users: Passwords'],
  auth: 'public',
  body: ForgotPassword,
  responses: { 200: null },
})

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/users/reset-password',
  summary: 'Set a new password with a reset token',
  tags: ['Users: Passwords'],
  auth: 'public',
  body: ResetPassword,
  responses: { 200: null, 400: ErrorResponse },
})

const validatorTags = ['Validators']
const nameQuery = z.object({ name: z.string().max(200).default('') })

export const validateUsername = endpoint({
  method: 'GET',
  path: '/api/validators/user/name',
  summary: 'Is this username free?',
  tags: validatorTags,
  auth: 'public',
  hidden: true,
  query: nameQuery,
  responses: { 200: ValidationResponse },
})

export const validateEmail = endpoint({
  method: 'GET',
  path: '/api/validators/user/email',
  summary: 'Is this email free?',
  tags: validatorTags,
  auth: 'public',
  hidden: true,
  query: z.object({ email: z.string().max(254).default('') }),
  responses: { 200: ValidationResponse },
})

export const validateGroupName = endpoint({
  method: 'GET',
  path: '/api/validators/group',
  summary: 'Is this group name free?',
  tags: validatorTags,
  auth: 'public',
  hidden: true,
  query: nameQuery,
  responses: { 200: ValidationResponse },
})

export const validateHouseholdName = endpoint({
  method: 'GET',
  path: '/api/validators/household',
  summary: "Is this household name free in the caller's group?",
  tags: validatorTags,
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
  forgotPassword,
  resetPassword,
  validateUsername,
  validateEmail,
  validateGroupName,
  validateHouseholdName,
] as const
