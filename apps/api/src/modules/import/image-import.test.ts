import fs from 'node:fs/promises'
import path from 'node:path'
import { createFood, createUnit, getAppInfo, getRecipe } from '@larder/contracts'
import { startOpenAIServer, type TestOpenAIServer } from '@larder/test-servers/openai'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cameraJpeg, multipartForm, photo } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'

type Person = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-image-import-${process.pid}`

let provider: TestOpenAIServer
let configured: TestApp
let person: Person

beforeAll(async () => {
  provider = await startOpenAIServer()
  configured = await createTestApp({
    ...provider.environment,
    DATA_DIR: dataDirectory,
    OPENAI_CUSTOM_HEADERS: '{"X-Kitchen": "larder-tests"}',
    OPENAI_CUSTOM_PARAMS: '{"api-version": "2024-06-01"}',
  })
  person = await configured.make.user()
})

afterAll(async () => {
  await provider.stop()
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

beforeEach(() => {
  provider.behave({ kind: 'answer' })
  provider.requests.length = 0
})

type Picture = { content: Buffer; fileName?: string; contentType?: string; field?: string }

async function importPictures(testApp: TestApp, as: Person, pictures: Picture[], query = '') {
  const form = multipartForm(
    pictures.map((picture) => ({
      name: picture.field ?? 'images',
      fileName: picture.fileName ?? 'card.jpg',
      content: picture.content,
      contentType: picture.contentType ?? 'image/jpeg',
    })),
  )
  return testApp.app.inject({
    method: 'POST',
    url: `/api/recipes/create/image${query}`,
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
}

async function recipeCount(testApp: TestApp): Promise<number> {
  const [row] = await testApp.sql`select count(*)::int as count from recipes`
  return row!.count as number
}

/** The pixel size of a data URL's picture. */
async function sizeOfDataUrl(url: string) {
  const [header = '', data = ''] = url.split(',')
  const metadata = await sharp(Buffer.from(data, 'base64')).metadata()
  return { header, format: metadata.format, width: metadata.width, height: metadata.height }
}

describe('POST /api/recipes/create/image', () => {
  it('creates the recipe the provider read from the photos, with the first photo as its picture', async () => {
    const organizer = await configured.make.user({ householdId: person.householdId, canOrganize: true })
    const cup = await configured.api.ok(createUnit, { as: organizer, body: { name: 'cup', pluralName: 'cups' } })
    const flour = await configured.api.ok(createFood, { as: organizer, body: { name: 'flour' } })
    const answer = await importPictures(configured, person, [
      { content: await cameraJpeg(3000, 2000) },
      { content: await photo(400, 300).png().toBuffer(), fileName: 'back.png', contentType: 'image/png' },
    ])

    expect(answer.statusCode, answer.body).toBe(201)
    const slug = answer.json<string>()
    expect(slug).toBe('grandmas-buttermilk-pancakes')
    const recipe = await configured.api.ok(getRecipe, { as: person, params: { slug } })
    expect(recipe).toMatchObject({
      name: 'Grandma’s Buttermilk Pancakes',
      description: 'Fluffy pancakes from a handwritten card.',
      // "4 servings" counts people: servings, as the scraper reads a page's yield (docs/mealie-compatibility.md "Cleaning scraped fields").
      recipeServings: 4,
      prepTime: '10 minutes',
      performTime: '15 minutes',
      totalTime: '25 minutes',
      userId: person.id,
      householdId: person.householdId,
    })
    // Parsed as every importer's lines are: linked to the group's own unit and food where it has them, what it
    // lacks created with the recipe under the seed list's name ("eggs" → "egg"), the line kept as written.
    expect(
      recipe.recipeIngredient.map((ingredient) => [
        ingredient.quantity,
        ingredient.unit?.name ?? null,
        ingredient.food?.name ?? null,
        ingredient.originalText,
      ]),
    ).toEqual([
      [2, 'cup', 'flour', '2 cups flour'],
      [1.5, 'cup', 'buttermilk', '1 1/2 cups buttermilk'],
      [2, null, 'egg', '2 eggs'],
      [1, 'pinch', 'salt', '1 pinch salt'],
    ])
    expect([recipe.recipeIngredient[0]!.unit?.id, recipe.recipeIngredient[0]!.food?.id]).toEqual([cup.id, flour.id])
    expect(recipe.recipeIngredient.every((ingredient) => !ingredient.food || ingredient.food.id)).toBe(true)
    // The keywords a model read are not organizers the person chose.
    expect(recipe.tags).toEqual([])
    expect(recipe.recipeInstructions.map((step) => step.text)).toEqual([
      'Whisk the flour and the salt.',
      'Stir in the buttermilk and the eggs.',
      'Fry ladlefuls in a hot pan until golden.',
    ])
    expect(recipe.image).toMatch(/^[A-Za-z0-9_-]{4}$/)
    const stored = await sharp(
      await fs.readFile(path.join(recipeImagesDirectory(dataDirectory, recipe.id), 'original.webp')),
    ).metadata()
    // The first photo, upright (the camera's EXIF turns 3000 × 2000 portrait) and at most 2048 px.
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1365, 2048])
    const [event] = await configured.sql`select subject from recipe_timeline_events where recipe_id = ${recipe.id}`
    expect(event?.subject).toBe('Recipe Created')
    // The caller's recipe, in the caller's group: someone of another group does not find it.
    const stranger = await configured.make.user()
    const hidden = await configured.api.call(getRecipe, { as: stranger, params: { slug } })
    expect(hidden.status).toBe(404)

    // One JSON-mode chat with both photos as JPEG data URLs, each at most 2048 px on its long side.
    expect(provider.requests).toHaveLength(1)
    const [chat] = provider.requests
    expect(chat!.model).toBe(provider.model)
    expect(chat!.responseFormat).toEqual({ type: 'json_object' })
    expect(chat!.messages[0]!.role).toBe('system')
    expect(chat!.userText).toBe('Please extract the recipe from the images provided.')
    const sizes = await Promise.all(chat!.imageUrls.map(sizeOfDataUrl))
    expect(sizes).toEqual([
      { header: 'data:image/jpeg;base64', format: 'jpeg', width: 1365, height: 2048 },
      { header: 'data:image/jpeg;base64', format: 'jpeg', width: 400, height: 300 },
    ])
    // The administrator's extra headers and query parameters go with the request.
    expect(chat!.headers['x-kitchen']).toBe('larder-tests')
    expect(chat!.query).toEqual({ 'api-version': '2024-06-01' })
  })

  it.each([
    ['translateLanguage', '?translateLanguage=de-DE'],
    ['translate_language', '?translate_language=de-DE'],
  ])('asks for a translation when %s is given', async (_name, query) => {
    const answer = await importPictures(configured, person, [{ content: await cameraJpeg(600, 400) }], query)
    expect(answer.statusCode, answer.body).toBe(201)
    expect(provider.requests[0]!.userText).toBe(
      'Please extract the recipe from the images provided. Please translate the recipe to de-DE.',
    )
  })

  it('refuses a language longer than the contract allows, in either spelling, before asking the provider', async () => {
    for (const name of ['translateLanguage', 'translate_language']) {
      const answer = await importPictures(
        configured,
        person,
        [{ content: await cameraJpeg(60, 40) }],
        `?${name}=${'x'.repeat(21)}`,
      )
      expect(answer.statusCode, answer.body).toBe(422)
      expect(answer.json().detail[0].loc).toEqual(['query', name])
    }
    expect(provider.requests).toHaveLength(0)
  })

  it('gives each of several parallel imports of one recipe its own name', async () => {
    const cook = await configured.make.user() // a group of their own, where no pancakes exist yet
    const before = await recipeCount(configured)
    const picture = await photo(200, 150).jpeg().toBuffer()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => importPictures(configured, cook, [{ content: picture }])),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201])
    const slugs = answers.map((answer) => answer.json<string>())
    expect(slugs.sort()).toEqual([
      'grandmas-buttermilk-pancakes',
      'grandmas-buttermilk-pancakes-1',
      'grandmas-buttermilk-pancakes-2',
      'grandmas-buttermilk-pancakes-3',
    ])
    expect(await recipeCount(configured)).toBe(before + 4)
  })

  it('answers 400 when the photos hold no recipe, and creates nothing', async () => {
    provider.setRecipe({})
    try {
      const before = await recipeCount(configured)
      const answer = await importPictures(configured, person, [{ content: await cameraJpeg(60, 40) }])
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().detail.message).toBe('No recipe could be read from these photos')
      expect(await recipeCount(configured)).toBe(before)
    } finally {
      const { cannedRecipe } = await import('@larder/test-servers/openai')
      provider.setRecipe({ ...cannedRecipe })
    }
  })

  it.each([
    [{ kind: 'status', status: 500 } as const, 'Failed to call OpenAI services: the provider answered 500'],
    [{ kind: 'status', status: 429 } as const, 'Failed to call OpenAI services: the provider answered 429'],
    [{ kind: 'not-json' } as const, 'Failed to parse OpenAI response'],
    [{ kind: 'empty' } as const, 'No response from OpenAI'],
  ])('answers 502 when the provider fails (%o), and creates nothing', async (behaviour, message) => {
    provider.behave(behaviour)
    const before = await recipeCount(configured)
    const answer = await importPictures(configured, person, [{ content: await cameraJpeg(60, 40) }])
    expect(answer.statusCode, answer.body).toBe(502)
    expect(answer.json().detail.message).toBe(message)
    expect(await recipeCount(configured)).toBe(before)
  })

  it('refuses a file that is not a picture with 415, naming it, without asking the provider', async () => {
    const answer = await importPictures(configured, person, [
      { content: await cameraJpeg(60, 40) },
      { content: Buffer.from('%PDF-1.7 not a photo'), fileName: 'card.jpg', contentType: 'image/jpeg' },
    ])
    expect(answer.statusCode, answer.body).toBe(415)
    expect(answer.json().detail.message).toMatch(/^Photo 2 is not a picture Larder can read/)
    expect(provider.requests).toHaveLength(0)
  })

  it('refuses a photo over 25 MB and more than 8 photos with 413, without asking the provider', async () => {
    const huge = await importPictures(configured, person, [{ content: Buffer.alloc(26 * 1024 * 1024, 1) }])
    expect(huge.statusCode, huge.body).toBe(413)
    expect(huge.json().detail.message).toBe('Each photo may be at most 25 MB')

    const picture = await photo(20, 20).jpeg().toBuffer()
    const many = await importPictures(
      configured,
      person,
      Array.from({ length: 9 }, () => ({ content: picture })),
    )
    expect(many.statusCode, many.body).toBe(413)
    expect(many.json().detail.message).toBe('Send at most 8 photos at once')
    expect(provider.requests).toHaveLength(0)
  })

  it('answers 422 without photos in the field `images`, and 415 to a body that is not multipart', async () => {
    const elsewhere = await importPictures(configured, person, [{ content: await cameraJpeg(60, 40), field: 'image' }])
    expect(elsewhere.statusCode, elsewhere.body).toBe(422)
    expect(elsewhere.json().detail[0].loc).toEqual(['body', 'images'])

    const json = await configured.app.inject({
      method: 'POST',
      url: '/api/recipes/create/image',
      headers: { authorization: configured.api.authorization(person) },
      payload: { images: ['not a file'] },
    })
    expect(json.statusCode, json.body).toBe(415)
    expect(provider.requests).toHaveLength(0)
  })

  it('tells the web client that OpenAI and its image services are on', async () => {
    const about = await configured.api.ok(getAppInfo, {})
    expect([about.enableOpenai, about.enableOpenaiImageServices]).toEqual([true, true])
  })
})

describe('POST /api/recipes/create/image with a slow provider', () => {
  it('answers 504 when the provider does not answer within OPENAI_REQUEST_TIMEOUT, and creates nothing', async () => {
    const impatient = await createTestApp({
      ...provider.environment,
      DATA_DIR: dataDirectory,
      OPENAI_REQUEST_TIMEOUT: '0.5',
    })
    const someone = await impatient.make.user()
    provider.behave({ kind: 'answer', delayMs: 5_000 })
    const answer = await importPictures(impatient, someone, [{ content: await cameraJpeg(60, 40) }])
    expect(answer.statusCode, answer.body).toBe(504)
    expect(answer.json().detail.message).toBe('OpenAI services did not answer within 0.5 seconds')
    expect(await recipeCount(impatient)).toBe(0)
  })
})

describe('POST /api/recipes/create/image without OpenAI', () => {
  it.each([
    ['no OPENAI_API_KEY', {}, [false, false]],
    [
      'OPENAI_ENABLE_IMAGE_SERVICES=false',
      { ...{ OPENAI_API_KEY: 'sk-x' }, OPENAI_ENABLE_IMAGE_SERVICES: 'false' },
      [true, false],
    ],
  ] as const)(
    'answers 400 with Mealie’s message with %s, and the about answer says so',
    async (_case, environment, flags) => {
      const off = await createTestApp({ DATA_DIR: dataDirectory, ...environment })
      const someone = await off.make.user()
      const answer = await importPictures(off, someone, [{ content: await cameraJpeg(60, 40) }])
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().detail.message).toBe('OpenAI image services are not enabled')
      expect(await recipeCount(off)).toBe(0)
      const about = await off.api.ok(getAppInfo, {})
      expect([about.enableOpenai, about.enableOpenaiImageServices]).toEqual(flags)
    },
  )
})
