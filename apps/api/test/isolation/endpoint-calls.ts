import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { apiTokens, inviteTokens } from '../../src/db/schema/index.js'
import { hashToken } from '../../src/lib/token-hash.js'
import type { TestApp } from '../test-app.js'
import { recipeBulkCases } from './bulk-calls.js'
import { imageImportCases } from './image-import-calls.js'
import { recipeImportCases } from './import-calls.js'
import { mealplanCases } from './mealplan-calls.js'
import { recipeMediaCases } from './media-calls.js'
import { recipeActivityCases } from './recipe-activity-calls.js'
import { parserCases } from './parser-calls.js'
import { recipeLibraryCases } from './recipe-library-calls.js'
import { migrationCases } from './migration-calls.js'
import { notifierCases } from './notifier-calls.js'
import { backupCases } from './backup-calls.js'
import { reportCases } from './report-calls.js'
import { shoppingCases } from './shopping-calls.js'
import { webhookCases } from './webhook-calls.js'
import { recipeActionCases } from './recipe-action-calls.js'
import type { Role, World, WorldUser } from './world.js'

/** Who may call an endpoint, written out here independently of the contracts so the two can disagree. */
export type Rule = 'anyone' | 'member' | 'admin' | Exclude<Role, 'plain' | 'admin'>

export interface Request {
  url: string
  payload?: string | object | Buffer
  headers?: Record<string, string>
}

export interface EndpointCase {
  rule: Rule
  /** Status of an allowed call (default: any 2xx). */
  allowedStatus?: number
  /** Answers of endpoints that do not act for the caller (public ones, admin's whole-server views) are not checked for foreign rows. */
  foreignCheck?: false
  request: (caller: WorldUser) => Promise<Request> | Request
}

const unique = () => randomBytes(4).toString('hex')

export async function tinyPng() {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer()
}

export function multipartFile(field: string, fileName: string, content: Buffer) {
  const boundary = `matrix-${unique()}`
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** One way to call every endpoint as a given caller, with rows of the caller's own tenancy as targets. */
export function endpointCases(testApp: TestApp, world: World): Record<string, EndpointCase> {
  const { make, db, app } = testApp
  const self = async (caller: WorldUser) =>
    (
      await app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: caller.authorization } })
    ).json<Record<string, unknown>>()
  const householdOf = (caller: WorldUser) =>
    world.groups.flatMap((group) => group.households).find((household) => household.id === caller.householdId)!
  const groupOf = (caller: WorldUser) => world.groups.find((group) => group.id === caller.groupId)!
  const invitationFor = async (caller: WorldUser) => {
    const token = unique() + unique()
    await db.insert(inviteTokens).values({
      tokenHash: hashToken(token),
      usesLeft: 1,
      groupId: caller.groupId,
      householdId: caller.householdId,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    return token
  }

  // A recipe of the caller's own, so that every edit is allowed by the recipe rules (docs/security.md "Recipe edit and delete rules").
  const ownRecipe = (caller: WorldUser) => make.recipe({ owner: caller, name: `Recipe ${unique()}` })

  return {
    ...recipeMediaCases(testApp),
    ...recipeBulkCases(testApp),
    ...recipeImportCases(testApp),
    ...reportCases(testApp),
    ...shoppingCases(testApp),
    ...webhookCases(testApp),
    ...recipeActionCases(testApp),
    ...parserCases(testApp),
    ...migrationCases(testApp),
    ...notifierCases(testApp, world),
    ...backupCases(testApp, world),
    'GET /api/recipes': { rule: 'member', request: () => ({ url: '/api/recipes?perPage=-1' }) },
    'POST /api/recipes': {
      rule: 'member',
      request: () => ({ url: '/api/recipes', payload: { name: `Soup ${unique()}` } }),
    },
    'PUT /api/recipes': {
      rule: 'member',
      request: async (caller) => {
        const recipe = await ownRecipe(caller)
        return { url: '/api/recipes', payload: [{ id: recipe.id, name: recipe.name }] }
      },
    },
    'PATCH /api/recipes': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes',
        payload: [{ id: (await ownRecipe(caller)).id, description: 'x' }],
      }),
    },
    'GET /api/recipes/:slug': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await ownRecipe(caller)).slug}` }),
    },
    'PUT /api/recipes/:slug': {
      rule: 'member',
      request: async (caller) => {
        const recipe = await ownRecipe(caller)
        return { url: `/api/recipes/${recipe.slug}`, payload: { name: recipe.name } }
      },
    },
    'PATCH /api/recipes/:slug': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/${(await ownRecipe(caller)).id}`,
        payload: { description: 'x' },
      }),
    },
    'DELETE /api/recipes/:slug': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await ownRecipe(caller)).slug}` }),
    },
    'POST /api/recipes/:slug/duplicate': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await ownRecipe(caller)).slug}/duplicate`, payload: {} }),
    },
    'PATCH /api/recipes/:slug/last-made': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/${(await ownRecipe(caller)).slug}/last-made`,
        payload: { timestamp: new Date().toISOString() },
      }),
    },
    'GET /api/app/about': { rule: 'anyone', foreignCheck: false, request: () => ({ url: '/api/app/about' }) },
    'GET /api/app/about/startup-info': { rule: 'anyone', request: () => ({ url: '/api/app/about/startup-info' }) },
    'GET /api/app/about/theme': { rule: 'anyone', request: () => ({ url: '/api/app/about/theme' }) },
    'GET /api/app/health': { rule: 'anyone', request: () => ({ url: '/api/app/health' }) },
    'GET /api/app/health/ready': { rule: 'anyone', request: () => ({ url: '/api/app/health/ready' }) },
    'POST /api/auth/token': {
      rule: 'anyone',
      request: (caller) => ({ url: '/api/auth/token', payload: { username: caller.email, password: caller.password } }),
    },
    'GET /api/auth/refresh': { rule: 'member', request: () => ({ url: '/api/auth/refresh' }) },
    'POST /api/auth/refresh': { rule: 'member', request: () => ({ url: '/api/auth/refresh' }) },
    // Signing out ends the session for good, so it signs out of a session of its own, not the world's one.
    'POST /api/auth/logout': {
      rule: 'member',
      request: async (caller) => {
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: caller.email, password: caller.password },
        })
        return {
          url: '/api/auth/logout',
          headers: { authorization: `Bearer ${signIn.json<{ access_token: string }>().access_token}` },
        }
      },
    },
    'GET /api/auth/oauth': {
      rule: 'anyone',
      allowedStatus: 404, // OIDC is off in this world: the route answers that it is not enabled
      request: () => ({ url: '/api/auth/oauth' }),
    },
    'GET /api/auth/oauth/callback': {
      rule: 'anyone',
      allowedStatus: 404, // OIDC is not configured in this world; src/modules/auth/oidc.test.ts runs the real flow
      request: () => ({ url: '/api/auth/oauth/callback?code=x&state=y' }),
    },
    'GET /api/users/self': { rule: 'member', request: () => ({ url: '/api/users/self' }) },
    'GET /api/users/:id': { rule: 'member', request: (caller) => ({ url: `/api/users/${caller.id}` }) },
    'GET /api/users': { rule: 'admin', foreignCheck: false, request: () => ({ url: '/api/users' }) },
    'POST /api/users': {
      rule: 'admin',
      request: (caller) => {
        const name = `made-${unique()}`
        return {
          url: '/api/users',
          payload: {
            username: name,
            fullName: name,
            email: `${name}@example.com`,
            password: 'a long password',
            group: groupOf(caller).name,
            household: householdOf(caller).name,
          },
        }
      },
    },
    'DELETE /api/users/:id': {
      rule: 'admin',
      request: async (caller) => ({ url: `/api/users/${(await make.user({ householdId: caller.householdId })).id}` }),
    },
    'PUT /api/users/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/users/${caller.id}`, payload: await self(caller) }),
    },
    'PUT /api/users/password': {
      rule: 'member',
      allowedStatus: 400, // past the guards, refused only for the wrong current password: sessions survive the run
      request: () => ({
        url: '/api/users/password',
        payload: { currentPassword: 'wrong', newPassword: 'long enough new' },
      }),
    },
    'POST /api/users/:id/image': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/users/${caller.id}/image`,
        ...multipartFile('profile', 'a.png', await tinyPng()),
      }),
    },
    'POST /api/users/api-tokens': {
      rule: 'advanced',
      request: () => ({ url: '/api/users/api-tokens', payload: { name: unique() } }),
    },
    'DELETE /api/users/api-tokens/:tokenId': {
      rule: 'member',
      request: async (caller) => {
        const [row] = await db
          .insert(apiTokens)
          .values({ userId: caller.id, name: unique(), tokenHash: unique() + unique() })
          .returning({ id: apiTokens.id })
        return { url: `/api/users/api-tokens/${row!.id}` }
      },
    },
    'POST /api/users/register': {
      rule: 'anyone',
      foreignCheck: false,
      request: async (caller) => {
        const name = `joiner-${unique()}`
        const password = 'a long password'
        return {
          url: '/api/users/register',
          payload: {
            groupToken: await invitationFor(caller),
            email: `${name}@example.com`,
            username: name,
            fullName: name,
            password,
            passwordConfirm: password,
          },
        }
      },
    },
    'GET /api/users/register/invitation': {
      rule: 'anyone',
      request: async (caller) => ({
        url: `/api/users/register/invitation?token=${encodeURIComponent(await invitationFor(caller))}`,
      }),
    },
    'POST /api/users/forgot-password': {
      rule: 'anyone',
      request: (caller) => ({ url: '/api/users/forgot-password', payload: { email: caller.email } }),
    },
    'POST /api/users/reset-password': {
      rule: 'anyone',
      allowedStatus: 400,
      request: () => ({
        url: '/api/users/reset-password',
        payload: { token: 'forged', password: 'long enough', passwordConfirm: 'long enough' },
      }),
    },
    'GET /api/validators/user/name': { rule: 'anyone', request: () => ({ url: '/api/validators/user/name?name=x' }) },
    'GET /api/validators/user/email': {
      rule: 'anyone',
      request: () => ({ url: '/api/validators/user/email?email=x' }),
    },
    'GET /api/validators/group': { rule: 'anyone', request: () => ({ url: '/api/validators/group?name=x' }) },
    'GET /api/validators/household': { rule: 'member', request: () => ({ url: '/api/validators/household?name=x' }) },
    'GET /api/media/users/:id/:fileName': {
      rule: 'anyone',
      allowedStatus: 404,
      request: () => ({ url: '/api/media/users/00000000-0000-4000-8000-000000000000/profile.webp' }),
    },

    'GET /api/groups/self': { rule: 'member', request: () => ({ url: '/api/groups/self' }) },
    'GET /api/groups/members': { rule: 'member', request: () => ({ url: '/api/groups/members?perPage=-1' }) },
    'GET /api/groups/members/:usernameOrId': {
      rule: 'member',
      request: (caller) => ({ url: `/api/groups/members/${world.householdmateOf(caller).username}` }),
    },
    'GET /api/groups/preferences': { rule: 'member', request: () => ({ url: '/api/groups/preferences' }) },
    'PUT /api/groups/preferences': {
      rule: 'canManage',
      request: () => ({ url: '/api/groups/preferences', payload: { privateGroup: true } }),
    },
    'GET /api/groups/households': { rule: 'member', request: () => ({ url: '/api/groups/households' }) },
    'GET /api/groups/households/:householdSlug': {
      rule: 'member',
      request: (caller) => ({ url: `/api/groups/households/${householdOf(caller).slug}` }),
    },

    'GET /api/households/self': { rule: 'member', request: () => ({ url: '/api/households/self' }) },
    'GET /api/households/members': { rule: 'member', request: () => ({ url: '/api/households/members' }) },
    'GET /api/households/preferences': { rule: 'member', request: () => ({ url: '/api/households/preferences' }) },
    'PUT /api/households/preferences': {
      rule: 'canManageHousehold',
      request: () => ({ url: '/api/households/preferences', payload: {} }),
    },
    'PUT /api/households/permissions': {
      rule: 'canManage',
      request: async (caller) => {
        const mate = world.householdmateOf(caller)
        const current = await self(mate)
        return {
          url: '/api/households/permissions',
          payload: {
            userId: mate.id,
            canManage: current.canManage,
            canManageHousehold: current.canManageHousehold,
            canInvite: current.canInvite,
            canOrganize: current.canOrganize,
          },
        }
      },
    },
    'GET /api/households/statistics': { rule: 'member', request: () => ({ url: '/api/households/statistics' }) },
    'GET /api/households/invitations': { rule: 'canInvite', request: () => ({ url: '/api/households/invitations' }) },
    'POST /api/households/invitations': {
      rule: 'canInvite',
      request: () => ({ url: '/api/households/invitations', payload: { uses: 1 } }),
    },
    'POST /api/households/invitations/email': {
      rule: 'canInvite',
      request: async (caller) => ({
        url: '/api/households/invitations/email',
        payload: { email: 'friend@example.com', token: await invitationFor(caller) },
      }),
    },

    'GET /api/admin/about': { rule: 'admin', request: () => ({ url: '/api/admin/about' }) },
    'GET /api/admin/jobs': { rule: 'admin', request: () => ({ url: '/api/admin/jobs' }) },
    // The shared test data folder: a clean leaves anything changed in the last 15 minutes, so running suites keep theirs.
    'GET /api/admin/maintenance': { rule: 'admin', request: () => ({ url: '/api/admin/maintenance' }) },
    'GET /api/admin/maintenance/storage': { rule: 'admin', request: () => ({ url: '/api/admin/maintenance/storage' }) },
    'POST /api/admin/maintenance/clean/images': {
      rule: 'admin',
      request: () => ({ url: '/api/admin/maintenance/clean/images' }),
    },
    'POST /api/admin/maintenance/clean/temp': {
      rule: 'admin',
      request: () => ({ url: '/api/admin/maintenance/clean/temp' }),
    },
    'POST /api/admin/maintenance/clean/recipe-folders': {
      rule: 'admin',
      request: () => ({ url: '/api/admin/maintenance/clean/recipe-folders' }),
    },
    'GET /api/admin/jobs/counts': { rule: 'admin', request: () => ({ url: '/api/admin/jobs/counts' }) },
    'POST /api/admin/jobs/:id/retry': {
      rule: 'admin',
      allowedStatus: 404,
      request: () => ({ url: '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry' }),
    },
    'GET /api/admin/about/statistics': { rule: 'admin', request: () => ({ url: '/api/admin/about/statistics' }) },
    'GET /api/admin/about/check': { rule: 'admin', request: () => ({ url: '/api/admin/about/check' }) },
    'GET /api/admin/users': { rule: 'admin', foreignCheck: false, request: () => ({ url: '/api/admin/users' }) },
    'POST /api/admin/users': {
      rule: 'admin',
      request: (caller) => {
        const name = `made-${unique()}`
        const household = householdOf(caller)
        return {
          url: '/api/admin/users',
          payload: {
            username: name,
            fullName: name,
            email: `${name}@example.com`,
            password: 'a long password',
            group: groupOf(caller).name,
            household: household.name,
          },
        }
      },
    },
    'POST /api/admin/users/unlock': { rule: 'admin', request: () => ({ url: '/api/admin/users/unlock' }) },
    'GET /api/admin/users/:id': { rule: 'admin', request: (caller) => ({ url: `/api/admin/users/${caller.id}` }) },
    'PUT /api/admin/users/:id': {
      rule: 'admin',
      request: async (caller) => {
        const mate = world.householdmateOf(caller)
        return { url: `/api/admin/users/${mate.id}`, payload: await self(mate) }
      },
    },
    'DELETE /api/admin/users/:id': {
      rule: 'admin',
      request: async (caller) => ({
        url: `/api/admin/users/${(await make.user({ householdId: caller.householdId })).id}`,
      }),
    },
    'POST /api/admin/users/password-reset-token': {
      rule: 'admin',
      request: (caller) => ({ url: '/api/admin/users/password-reset-token', payload: { email: caller.email } }),
    },
    'GET /api/admin/groups': { rule: 'admin', foreignCheck: false, request: () => ({ url: '/api/admin/groups' }) },
    'POST /api/admin/groups': {
      rule: 'admin',
      request: () => ({ url: '/api/admin/groups', payload: { name: `Made ${unique()}` } }),
    },
    'GET /api/admin/groups/:id': {
      rule: 'admin',
      request: (caller) => ({ url: `/api/admin/groups/${caller.groupId}` }),
    },
    'PUT /api/admin/groups/:id': {
      rule: 'admin',
      request: (caller) => ({
        url: `/api/admin/groups/${caller.groupId}`,
        payload: { id: caller.groupId, name: groupOf(caller).name },
      }),
    },
    'DELETE /api/admin/groups/:id': {
      rule: 'admin',
      request: async () => ({ url: `/api/admin/groups/${(await make.group()).id}` }),
    },
    'GET /api/admin/households': {
      rule: 'admin',
      foreignCheck: false,
      request: () => ({ url: '/api/admin/households' }),
    },
    'POST /api/admin/households': {
      rule: 'admin',
      request: (caller) => ({
        url: '/api/admin/households',
        payload: { groupId: caller.groupId, name: `Made ${unique()}` },
      }),
    },
    'GET /api/admin/households/:id': {
      rule: 'admin',
      request: (caller) => ({ url: `/api/admin/households/${caller.householdId}` }),
    },
    'PUT /api/admin/households/:id': {
      rule: 'admin',
      request: (caller) => ({
        url: `/api/admin/households/${caller.householdId}`,
        payload: { id: caller.householdId, groupId: caller.groupId, name: householdOf(caller).name },
      }),
    },
    'DELETE /api/admin/households/:id': {
      rule: 'admin',
      request: async (caller) => ({
        url: `/api/admin/households/${(await make.household({ groupId: caller.groupId })).id}`,
      }),
    },
    'GET /api/admin/email': { rule: 'admin', request: () => ({ url: '/api/admin/email' }) },
    'POST /api/admin/email': {
      rule: 'admin',
      request: () => ({ url: '/api/admin/email', payload: { email: 'ops@example.com' } }),
    },
    // The matrix's app has no OpenAI provider: an administrator is answered 200 "OpenAI is not enabled" (a real
    // provider is tested in admin/debug.test.ts).
    'POST /api/admin/debug/openai': { rule: 'admin', request: () => ({ url: '/api/admin/debug/openai' }) },
    // The stream's poll form, which ends after the replay: every event of the caller's group since the first, by now
    // those of the writes above. A stream held open is checked in live-isolation.test.ts.
    'GET /api/live': { rule: 'member', request: () => ({ url: '/api/live?once=true&lastEventId=0' }) },

    ...recipeLibraryCases(testApp, world),
    ...recipeActivityCases(testApp, world),
    ...mealplanCases(testApp, world),
    ...imageImportCases(),
  }
}
