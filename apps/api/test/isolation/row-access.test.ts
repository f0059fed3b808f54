import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  apiTokens,
  inviteTokens,
  recipeComments,
  recipeShareTokens,
  recipeTimelineEvents,
} from '../../src/db/schema/index.js'
import { hashToken } from '../../src/lib/token-hash.js'
import { createTestApp, type TestApp } from '../test-app.js'
import { recipeMediaRowCases } from './media-calls.js'
import { buildWorld, type World, type WorldUser } from './world.js'

/**
 * The row-level half of the isolation matrix: every caller of the world reaches for rows that are not theirs (another
 * member's picture, token and profile; a member of another household or group; another household's invitation), and
 * the access module answers as its rules say. The endpoint matrix next door covers the flags on the caller's own rows.
 */
type Expected = number | '2xx'

interface RowCase {
  name: string
  /** The row of someone else that the caller reaches for, and the status the rules give. */
  target: (caller: WorldUser) => WorldUser
  expected: (caller: WorldUser, target: WorldUser) => Expected
  request: (caller: WorldUser, target: WorldUser) => Promise<RowRequest> | RowRequest
}

interface RowRequest {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE'
  url: string
  payload?: object | Buffer
  headers?: Record<string, string>
}

const unique = () => randomBytes(4).toString('hex')

async function pictureUpload() {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer()
  const boundary = `rows-${unique()}`
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }
}

describe('isolation matrix, row level: the access module on rows of others', () => {
  let testApp: TestApp
  let world: World
  const sameGroupOtherHousehold = (caller: WorldUser) =>
    world.users.find(
      (user) => user.groupId === caller.groupId && user.householdId !== caller.householdId && user.role === 'plain',
    )!
  const otherGroup = (caller: WorldUser) =>
    world.users.find((user) => user.groupId !== caller.groupId && user.role === 'plain')!
  const householdmate = (caller: WorldUser) => world.householdmateOf(caller)

  beforeAll(async () => {
    testApp = await createTestApp()
    world = await buildWorld(testApp)
  })

  const recipeOf = (owner: WorldUser, settings: { settingsLocked?: boolean } = {}) =>
    testApp.make.recipe({ owner, name: `Row ${unique()}`, ...settings })

  const commentBy = async (author: WorldUser) => {
    const recipe = await testApp.make.recipe({ owner: author })
    const [row] = await testApp.db
      .insert(recipeComments)
      .values({ recipeId: recipe.id, userId: author.id, text: unique() })
      .returning({ id: recipeComments.id })
    return row!.id
  }

  const cases: RowCase[] = [
    {
      name: "edits a householdmate's recipe: everyone of the household",
      target: householdmate,
      expected: () => '2xx',
      request: async (_caller, target) => ({
        method: 'PATCH',
        url: `/api/recipes/${(await recipeOf(target)).slug}`,
        payload: { description: 'edited' },
      }),
    },
    {
      name: "edits a householdmate's locked recipe: its owner only, administrators refused too",
      target: householdmate,
      expected: () => 403,
      request: async (_caller, target) => ({
        method: 'PATCH',
        url: `/api/recipes/${(await recipeOf(target, { settingsLocked: true })).slug}`,
        payload: { description: 'edited' },
      }),
    },
    {
      name: "locks a householdmate's recipe: its owner only",
      target: householdmate,
      expected: () => 403,
      request: async (_caller, target) => ({
        method: 'PATCH',
        url: `/api/recipes/${(await recipeOf(target)).slug}`,
        payload: { settings: { locked: true } },
      }),
    },
    {
      name: 'deletes a recipe of another household, which locks its recipes against others: 403',
      target: sameGroupOtherHousehold,
      expected: () => 403,
      request: async (_caller, target) => ({ method: 'DELETE', url: `/api/recipes/${(await recipeOf(target)).id}` }),
    },
    {
      name: "marks another household's locked recipe as made: every member of the group",
      target: sameGroupOtherHousehold,
      expected: () => '2xx',
      request: async (_caller, target) => ({
        method: 'PATCH',
        url: `/api/recipes/${(await recipeOf(target, { settingsLocked: true })).slug}/last-made`,
        payload: { timestamp: '2026-01-01T12:00:00Z' },
      }),
    },
    {
      name: "reads, edits or duplicates another group's recipe: not found",
      target: otherGroup,
      expected: () => 404,
      request: async (_caller, target) => ({
        method: 'POST',
        url: `/api/recipes/${(await recipeOf(target)).id}/duplicate`,
        payload: {},
      }),
    },
    {
      name: "reads a householdmate's ratings: administrators only",
      target: householdmate,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: (_caller, target) => ({ method: 'GET', url: `/api/users/${target.id}/ratings` }),
    },
    {
      name: "reads another group's member's favourites: administrators only",
      target: otherGroup,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: (_caller, target) => ({ method: 'GET', url: `/api/users/${target.id}/favorites` }),
    },
    {
      name: 'rates a recipe for a householdmate: administrators only',
      target: householdmate,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: async (_caller, target) => ({
        method: 'POST',
        url: `/api/users/${target.id}/ratings/${(await testApp.make.recipe({ owner: target })).slug}`,
        payload: { rating: 3 },
      }),
    },
    {
      name: 'rates a recipe of another group for oneself: not found',
      target: otherGroup,
      expected: () => 404,
      request: async (caller, target) => ({
        method: 'POST',
        url: `/api/users/${caller.id}/favorites/${(await testApp.make.recipe({ owner: target })).id}`,
      }),
    },
    {
      name: "edits a householdmate's comment: administrators only",
      target: householdmate,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: async (_caller, target) => ({
        method: 'PUT',
        url: `/api/comments/${await commentBy(target)}`,
        payload: { text: 'Edited' },
      }),
    },
    {
      name: 'deletes a comment of another group: not found, administrators included',
      target: otherGroup,
      expected: () => 404,
      request: async (_caller, target) => ({ method: 'DELETE', url: `/api/comments/${await commentBy(target)}` }),
    },
    {
      name: 'changes a timeline event of another group: not found',
      target: otherGroup,
      expected: () => 404,
      request: async (_caller, target) => {
        const recipe = await testApp.make.recipe({ owner: target })
        const [row] = await testApp.db
          .insert(recipeTimelineEvents)
          .values({ recipeId: recipe.id, userId: target.id, subject: 'Made it', eventType: 'info' })
          .returning({ id: recipeTimelineEvents.id })
        return { method: 'PUT', url: `/api/recipes/timeline/events/${row!.id}`, payload: { subject: 'Mine' } }
      },
    },
    {
      name: 'revokes a share token of another group: not found',
      target: otherGroup,
      expected: () => 404,
      request: async (_caller, target) => {
        const recipe = await testApp.make.recipe({ owner: target })
        const [row] = await testApp.db
          .insert(recipeShareTokens)
          .values({ groupId: target.groupId, recipeId: recipe.id, expiresAt: new Date(Date.now() + 3_600_000) })
          .returning({ id: recipeShareTokens.id })
        return { method: 'DELETE', url: `/api/shared/recipes/${row!.id}` }
      },
    },
    {
      name: "reads another group's profile: administrators only",
      target: otherGroup,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: (_caller, target) => ({ method: 'GET', url: `/api/users/${target.id}` }),
    },
    {
      name: "changes a householdmate's picture: administrators only",
      target: householdmate,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: async (_caller, target) => ({
        method: 'POST',
        url: `/api/users/${target.id}/image`,
        ...(await pictureUpload()),
      }),
    },
    {
      name: "changes another group's member's picture: administrators only",
      target: otherGroup,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 403),
      request: async (_caller, target) => ({
        method: 'POST',
        url: `/api/users/${target.id}/image`,
        ...(await pictureUpload()),
      }),
    },
    {
      name: "revokes a householdmate's API token: administrators only; others learn nothing",
      target: householdmate,
      expected: (caller) => (caller.role === 'admin' ? '2xx' : 404),
      request: async (_caller, target) => {
        const [row] = await testApp.db
          .insert(apiTokens)
          .values({ userId: target.id, name: unique(), tokenHash: unique() + unique() })
          .returning({ id: apiTokens.id })
        return { method: 'DELETE', url: `/api/users/api-tokens/${row!.id}` }
      },
    },
    {
      // Managers and administrators pass the guard and are refused by the rule; everyone else by the guard.
      name: 'changes the permissions of a member of another household of the group: 403',
      target: sameGroupOtherHousehold,
      expected: () => 403,
      request: (_caller, target) => ({
        method: 'PUT',
        url: '/api/households/permissions',
        payload: {
          userId: target.id,
          canManage: false,
          canManageHousehold: false,
          canInvite: false,
          canOrganize: false,
        },
      }),
    },
    {
      name: 'changes the permissions of a member of another group: not found (past the guard)',
      target: otherGroup,
      expected: (caller) => (caller.role === 'admin' || caller.role === 'canManage' ? 404 : 403),
      request: (_caller, target) => ({
        method: 'PUT',
        url: '/api/households/permissions',
        payload: {
          userId: target.id,
          canManage: false,
          canManageHousehold: false,
          canInvite: false,
          canOrganize: false,
        },
      }),
    },
    {
      name: 'mails an invitation of another household: not found (past the guard)',
      target: sameGroupOtherHousehold,
      expected: (caller) => (caller.role === 'admin' || caller.role === 'canInvite' ? 404 : 403),
      request: async (_caller, target) => {
        const token = unique() + unique()
        await testApp.db.insert(inviteTokens).values({
          tokenHash: hashToken(token),
          usesLeft: 1,
          groupId: target.groupId,
          householdId: target.householdId,
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        return { method: 'POST', url: '/api/households/invitations/email', payload: { email: 'x@example.com', token } }
      },
    },
  ]

  const targets = { sameGroupOtherHousehold, otherGroup, householdmate }
  cases.push(
    ...recipeMediaRowCases.map((rowCase): RowCase => ({
      name: rowCase.name,
      target: targets[rowCase.target],
      expected: () => rowCase.expected,
      request: (_caller, target) => rowCase.request(testApp, target),
    })),
  )

  it.each(cases.map((rowCase) => [rowCase.name, rowCase] as const))(
    '%s',
    async (_name, rowCase) => {
      for (const caller of world.users) {
        const target = rowCase.target(caller)
        const request = await rowCase.request(caller, target)
        const response = await testApp.app.inject({
          method: request.method,
          url: request.url,
          payload: request.payload,
          headers: { authorization: caller.authorization, ...request.headers },
        })
        const expected = rowCase.expected(caller, target)
        const label = `${rowCase.name} as ${caller.role}: ${response.body.slice(0, 200)}`
        if (expected === '2xx') expect(response.statusCode >= 200 && response.statusCode < 300, label).toBe(true)
        else expect(response.statusCode, label).toBe(expected)
      }
    },
    60_000,
  )
})
