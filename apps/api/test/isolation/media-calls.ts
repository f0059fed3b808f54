import sharp from 'sharp'
import { multipartForm } from '../media-helpers.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { WorldUser } from './world.js'

const tinyPng = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer()
const imageForm = async () => multipartForm([{ name: 'image', fileName: 'a.png', content: await tinyPng() }])
const assetForm = () =>
  multipartForm([
    { name: 'name', value: 'card' },
    { name: 'icon', value: 'mdi-file' },
    { name: 'extension', value: 'txt' },
    { name: 'file', fileName: 'card.txt', content: Buffer.from('a recipe card') },
  ])

/** A recipe of the owner's with a picture and an asset, made through the API as the owner. */
async function recipeWithMedia(testApp: TestApp, owner: WorldUser) {
  const recipe = await testApp.make.recipe({ owner })
  for (const [method, url, form] of [
    ['PUT', `/api/recipes/${recipe.slug}/image`, await imageForm()],
    ['POST', `/api/recipes/${recipe.slug}/assets`, assetForm()],
  ] as const) {
    const answer = await testApp.app.inject({
      method,
      url,
      headers: { ...form.headers, authorization: owner.authorization },
      payload: form.payload,
    })
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`)
  }
  return recipe
}

/**
 * The matrix's cases for recipe pictures, assets, exports and media (modules/recipes/images.*, assets.*, exports.*,
 * modules/media): each on a recipe of the caller's own, so every call the rules allow succeeds.
 */
export function recipeMediaCases(testApp: TestApp): Record<string, EndpointCase> {
  const { make } = testApp
  const ownRecipe = (caller: WorldUser) => make.recipe({ owner: caller })
  const withMedia = (caller: WorldUser) => recipeWithMedia(testApp, caller)
  return {
    'PUT /api/recipes/:slug/image': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/${(await ownRecipe(caller)).slug}/image`,
        ...(await imageForm()),
      }),
    },
    'POST /api/recipes/:slug/image': {
      rule: 'member',
      // Past the rules, refused by the outbound guard: the matrix's app has no allow list for a local server.
      allowedStatus: 400,
      request: async (caller) => ({
        url: `/api/recipes/${(await ownRecipe(caller)).slug}/image`,
        payload: { url: 'http://127.0.0.1:9/photo.png', includeTags: false },
      }),
    },
    'DELETE /api/recipes/:slug/image': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await withMedia(caller)).slug}/image` }),
    },
    'POST /api/recipes/:slug/assets': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await ownRecipe(caller)).slug}/assets`, ...assetForm() }),
    },
    'GET /api/recipes/exports': {
      rule: 'member',
      request: () => ({ url: '/api/recipes/exports' }),
    },
    'GET /api/recipes/:slug/exports': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/${(await ownRecipe(caller)).slug}/exports?template_name=recipes.md`,
      }),
    },
    'POST /api/recipes/:slug/exports': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await ownRecipe(caller)).slug}/exports` }),
    },
    // Public: signed in, a member of the recipe's household needs no share token.
    'GET /api/recipes/:slug/exports/zip': {
      rule: 'anyone',
      request: async (caller) => ({ url: `/api/recipes/${(await ownRecipe(caller)).slug}/exports/zip` }),
    },
    // Public endpoints: a public recipe's media go to anyone, a private one's to its group (row cases, media.test.ts).
    'GET /api/media/recipes/:id/images/:fileName': {
      rule: 'anyone',
      request: async (caller) => ({
        url: `/api/media/recipes/${(await withMedia(caller)).id}/images/original.webp`,
      }),
    },
    'GET /api/media/recipes/:id/images/timeline/:eventId/:fileName': {
      rule: 'anyone',
      allowedStatus: 404, // no timeline picture in this world; images.test.ts serves one
      request: async (caller) => ({
        url: `/api/media/recipes/${(await ownRecipe(caller)).id}/images/timeline/00000000-0000-4000-8000-000000000000/original.webp`,
      }),
    },
    'GET /api/media/recipes/:id/assets/:fileName': {
      rule: 'anyone',
      request: async (caller) => ({ url: `/api/media/recipes/${(await withMedia(caller)).id}/assets/card.txt` }),
    },
  }
}

/** A row-level case as row-access.test.ts runs it: a caller reaches for a recipe of the target's. */
export interface RecipeRowCase {
  name: string
  target: 'sameGroupOtherHousehold' | 'otherGroup' | 'householdmate'
  expected: number | '2xx'
  request: (
    testApp: TestApp,
    target: WorldUser,
  ) => Promise<{
    method: 'GET' | 'PUT' | 'POST' | 'DELETE'
    url: string
    payload?: object | Buffer
    headers?: Record<string, string>
  }>
}

const pictureForm = async () =>
  multipartForm([
    {
      name: 'image',
      fileName: 'a.png',
      content: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff00ff' } })
        .png()
        .toBuffer(),
    },
  ])

/**
 * Pictures, assets and exports are the recipe's household's (others get 404); a picture by URL follows the lock. A
 * private recipe's media are its group's: another household of the group is served, another group gets 404.
 */
export const recipeMediaRowCases: RecipeRowCase[] = [
  ...(
    [
      ['sameGroupOtherHousehold', 'another household of the group'],
      ['otherGroup', 'another group'],
    ] as const
  ).flatMap(([target, whose]): RecipeRowCase[] => [
    {
      name: `uploads a picture to a recipe of ${whose}: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'PUT',
        url: `/api/recipes/${(await testApp.make.recipe({ owner })).slug}/image`,
        ...(await pictureForm()),
      }),
    },
    {
      name: `removes the picture of a recipe of ${whose}: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'DELETE',
        url: `/api/recipes/${(await testApp.make.recipe({ owner, image: 'abcd' })).slug}/image`,
      }),
    },
    {
      name: `attaches a file to a recipe of ${whose}: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: `/api/recipes/${(await testApp.make.recipe({ owner })).slug}/assets`,
        ...multipartForm([
          { name: 'name', value: 'card' },
          { name: 'icon', value: 'mdi-file' },
          { name: 'extension', value: 'txt' },
          { name: 'file', fileName: 'card.txt', content: Buffer.from('x') },
        ]),
      }),
    },
    {
      name: `exports a recipe of ${whose} as JSON: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'GET',
        url: `/api/recipes/${(await testApp.make.recipe({ owner })).slug}/exports?template_name=raw`,
      }),
    },
    {
      name: `exports a recipe of ${whose} through a template: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'GET',
        url: `/api/recipes/${(await testApp.make.recipe({ owner })).slug}/exports?template_name=recipes.md`,
      }),
    },
    {
      name: `asks a zip token for a recipe of ${whose}: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: `/api/recipes/${(await testApp.make.recipe({ owner })).slug}/exports`,
      }),
    },
    {
      name: `fetches a private recipe's picture of ${whose}: ${target === 'otherGroup' ? 'not found' : 'served'}`,
      target,
      expected: target === 'otherGroup' ? 404 : '2xx',
      request: async (testApp, owner) => ({
        method: 'GET',
        url: `/api/media/recipes/${(await recipeWithMedia(testApp, owner)).id}/images/original.webp`,
      }),
    },
    {
      name: `fetches a private recipe's asset of ${whose}: ${target === 'otherGroup' ? 'not found' : 'served'}`,
      target,
      expected: target === 'otherGroup' ? 404 : '2xx',
      request: async (testApp, owner) => ({
        method: 'GET',
        url: `/api/media/recipes/${(await recipeWithMedia(testApp, owner)).id}/assets/card.txt`,
      }),
    },
    {
      name: `exports a recipe of ${whose} as a zip: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'GET',
        url: `/api/recipes/${(await testApp.make.recipe({ owner })).slug}/exports/zip`,
      }),
    },
  ]),
  {
    name: "uploads a picture to a householdmate's locked recipe: allowed (pictures have no lock check)",
    target: 'householdmate',
    expected: '2xx',
    request: async (testApp, owner) => ({
      method: 'PUT',
      url: `/api/recipes/${(await testApp.make.recipe({ owner, settingsLocked: true })).slug}/image`,
      ...(await pictureForm()),
    }),
  },
  {
    name: "sets a householdmate's locked recipe's picture from a URL: forbidden (the lock rules apply)",
    target: 'householdmate',
    expected: 403,
    request: async (testApp, owner) => ({
      method: 'POST',
      url: `/api/recipes/${(await testApp.make.recipe({ owner, settingsLocked: true })).slug}/image`,
      payload: { url: 'http://127.0.0.1:9/photo.png' },
    }),
  },
]
