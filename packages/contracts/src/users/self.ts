import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

export const authMethods = ['Mealie', 'LDAP', 'OIDC'] as const
export const AuthMethod = z.enum(authMethods)

export const LongLiveTokenOut = z
  .object({ name: z.string(), id: z.number().int(), createdAt: z.string().nullable() })
  .meta({ id: 'LongLiveTokenOut' })

/** UserOut of docs/mealie-compatibility.md "The current user" (API token secrets are never sent back). */
export const UserOut = z
  .object({
    id: z.uuid(),
    username: z.string().nullable(),
    fullName: z.string().nullable(),
    email: z.string(),
    authMethod: AuthMethod,
    admin: z.boolean(),
    group: z.string(),
    groupId: z.uuid(),
    groupSlug: z.string(),
    household: z.string().nullable(),
    householdId: z.uuid().nullable(),
    householdSlug: z.string().nullable(),
    advanced: z.boolean(),
    canInvite: z.boolean(),
    canManage: z.boolean(),
    canManageHousehold: z.boolean(),
    canOrganize: z.boolean(),
    tokens: z.array(LongLiveTokenOut).nullable(),
    cacheKey: z.string(),
  })
  .meta({ id: 'UserOut' })
export type UserOut = z.infer<typeof UserOut>

export const getSelf = endpoint({
  method: 'GET',
  path: '/api/users/self',
  summary: 'Read the signed-in user',
  tags: ['Users: CRUD'],
  auth: 'user',
  responses: { 200: UserOut, 401: ErrorResponse },
})
