import fs from 'node:fs/promises'
import path from 'node:path'
import { getRecipeAsset, getRecipeImage, getRecipeTimelineImage } from '@larder/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Actor } from '../../../test/test-client.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeShareTokens } from '../../db/schema/index.js'
import { recipeAssetPath, recipeImagesDirectory, recipeTimelineImagesDirectory } from '../../lib/media-paths.js'

const dataDirectory = `/tmp/larder-media-access-${process.pid}`
const eventId = '33333333-3333-4333-8333-333333333333'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

type Privacy = { privateGroup?: boolean; privateHousehold?: boolean; settingsPublic?: boolean }

/**
 * A recipe with a picture, a timeline picture and an asset on disk, in a group and household of the given privacy
 * (public unless told), with a member of another household of its group.
 */
async function recipeWithMedia(privacy: Privacy = {}) {
  const { make } = testApp
  const group = await make.group({ privateGroup: privacy.privateGroup ?? false })
  const household = await make.household({ groupId: group.id, privateHousehold: privacy.privateHousehold ?? false })
  const owner = await make.user({ householdId: household.id })
  const groupmate = await make.user({ householdId: (await make.household({ groupId: group.id })).id })
  const recipe = await make.recipe({ owner, settingsPublic: privacy.settingsPublic ?? true, image: 'abcd' })
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00aa00' } })
    .webp()
    .toBuffer()
  for (const directory of [
    recipeImagesDirectory(dataDirectory, recipe.id),
    recipeTimelineImagesDirectory(dataDirectory, recipe.id, eventId),
  ]) {
    await fs.mkdir(directory, { recursive: true })
    await fs.writeFile(path.join(directory, 'original.webp'), picture)
  }
  const asset = recipeAssetPath(dataDirectory, recipe.id, 'card.txt')!
  await fs.mkdir(path.dirname(asset), { recursive: true })
  await fs.writeFile(asset, 'a recipe card')
  return { recipe, owner, groupmate }
}

async function shareToken(recipe: { id: string; groupId: string }, expiresInMs = 3_600_000) {
  const [token] = await testApp.db
    .insert(recipeShareTokens)
    .values({ groupId: recipe.groupId, recipeId: recipe.id, expiresAt: new Date(Date.now() + expiresInMs) })
    .returning()
  return token!.id
}

/** Who fetches: signed in by bearer (`as`) or cookie, or holding a share token, or none of these. */
type Reader = { as?: Actor; cookies?: Record<string, string>; token?: string }

/** The three kinds of media of the recipe, fetched as `reader`: their statuses and cache headers. */
async function fetchAll(recipeId: string, reader: Reader = {}) {
  const { token, ...options } = reader
  const query = { version: 'abcd', ...(token ? { token } : {}) }
  const answers = [
    await testApp.api.call(getRecipeImage, { ...options, params: { id: recipeId, fileName: 'original.webp' }, query }),
    await testApp.api.call(getRecipeTimelineImage, {
      ...options,
      params: { id: recipeId, eventId, fileName: 'original.webp' },
      query,
    }),
    await testApp.api.call(getRecipeAsset, { ...options, params: { id: recipeId, fileName: 'card.txt' }, query }),
  ]
  return answers.map((answer) => (answer.status === 200 ? `200 ${answer.headers['cache-control']}` : answer.status))
}

const publicAnswers = [
  '200 public, max-age=31536000, immutable',
  '200 public, max-age=31536000, immutable',
  '200 public, no-cache',
]
const privateAnswers = [
  '200 private, max-age=31536000, immutable',
  '200 private, max-age=31536000, immutable',
  '200 private, no-cache',
]
const notFound = [404, 404, 404]

describe('GET /api/media/recipes/{id}/…: who may have a recipe’s media', () => {
  it('serves a public recipe’s media to anyone, cacheable by shared caches', async () => {
    const { recipe } = await recipeWithMedia()
    const stranger = await testApp.make.user()
    expect(await fetchAll(recipe.id)).toEqual(publicAnswers)
    expect(await fetchAll(recipe.id, { as: stranger })).toEqual(publicAnswers)
  })

  it.each([
    ['the recipe is not public', { settingsPublic: false }],
    ['its household is private', { privateHousehold: true }],
    ['its group is private', { privateGroup: true }],
  ] as const)('when %s: a 404 to visitors and other groups, private answers to its group', async (_name, privacy) => {
    const { recipe, owner, groupmate } = await recipeWithMedia(privacy)
    const stranger = await testApp.make.user()
    expect(await fetchAll(recipe.id)).toEqual(notFound)
    expect(await fetchAll(recipe.id, { as: stranger })).toEqual(notFound)
    expect(await fetchAll(recipe.id, { as: owner })).toEqual(privateAnswers)
    expect(await fetchAll(recipe.id, { as: groupmate })).toEqual(privateAnswers)
  })

  it('tells a private recipe’s media from a missing one by nothing', async () => {
    const { recipe } = await recipeWithMedia({ settingsPublic: false })
    const hidden = await testApp.api.call(getRecipeImage, { params: { id: recipe.id, fileName: 'original.webp' } })
    const missing = await testApp.api.call(getRecipeImage, {
      params: { id: '00000000-0000-4000-8000-000000000000', fileName: 'original.webp' },
    })
    expect([hidden.status, hidden.text]).toEqual([missing.status, missing.text])
  })

  it('serves a private recipe’s media to the browser of a member signed in by cookie', async () => {
    const { recipe, groupmate } = await recipeWithMedia({ privateGroup: true })
    const { token } = await testApp.signIn(groupmate.email, groupmate.password)
    expect(await fetchAll(recipe.id, { cookies: { 'mealie.access_token': token } })).toEqual(privateAnswers)
  })

  it('serves a private recipe’s media with a live share token of that recipe only', async () => {
    const { recipe } = await recipeWithMedia({ privateGroup: true, settingsPublic: false })
    const other = await recipeWithMedia({ privateGroup: true, settingsPublic: false })
    expect(await fetchAll(recipe.id, { token: await shareToken(recipe) })).toEqual(privateAnswers)
    expect(await fetchAll(recipe.id, { token: await shareToken(recipe, -1000) })).toEqual(notFound)
    expect(await fetchAll(recipe.id, { token: await shareToken(other.recipe) })).toEqual(notFound)
    expect(await fetchAll(recipe.id, { token: 'not-a-token' })).toEqual(notFound)
    // A share token of a public recipe changes nothing: its media stay public.
    const open = await recipeWithMedia()
    expect(await fetchAll(open.recipe.id, { token: await shareToken(open.recipe) })).toEqual(publicAnswers)
  })
})
