import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import {
  deleteRecipeImage,
  getRecipe,
  getRecipeImage,
  getRecipeTimelineImage,
  scrapeRecipeImage,
} from '@larder/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cameraJpeg, multipartForm, photo } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { imageQueue } from '../../lib/images.js'
import { recipeImagesDirectory, recipeTimelineImagesDirectory } from '../../lib/media-paths.js'

type Owner = { id: string; groupId: string; householdId: string }

const dataDirectory = `/tmp/larder-recipe-images-${process.pid}`

let testApp: TestApp
let server: http.Server
let origin: string
const bigBody = Buffer.alloc(26 * 1024 * 1024, 1)

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory, HTTP_ALLOW_LIST: '127.0.0.1' })
  const png = await photo(640, 480).png().toBuffer()
  // A local "web site": a picture served as octet-stream, a page served as image/jpeg, a redirect to a private
  // address, a missing file and a file larger than any picture.
  server = http.createServer((request, response) => {
    if (request.url === '/photo') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' })
      response.end(png)
    } else if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'image/jpeg' })
      response.end('<html><body>not a picture</body></html>')
    } else if (request.url === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
      response.end()
    } else if (request.url === '/huge') {
      response.writeHead(200, { 'content-type': 'image/png' })
      response.end(bigBody)
    } else {
      response.writeHead(404)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function upload(as: Owner, slug: string, content: Buffer, fileName = 'photo.jpg', contentType = 'image/jpeg') {
  const form = multipartForm([
    { name: 'extension', value: path.extname(fileName).slice(1) },
    { name: 'image', fileName, content, contentType },
  ])
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/recipes/${slug}/image`,
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
}

async function storedImage(recipeId: string) {
  const [row] = await testApp.sql`select image, date_updated from recipes where id = ${recipeId}`
  return {
    image: row!.image as string | null,
    dateUpdated: row!.date_updated ? new Date(row!.date_updated as string) : null,
  }
}

/** Read through a buffer: libvips caches files by path, and these are replaced in place. */
async function originalOf(recipeId: string) {
  return sharp(await fs.readFile(path.join(recipeImagesDirectory(dataDirectory, recipeId), 'original.webp'))).metadata()
}

async function recipeOf(owner?: Owner) {
  return testApp.make.recipe(owner ? { owner } : {})
}

async function ownerWithRecipe() {
  const owner = await testApp.make.user()
  return { owner, recipe: await recipeOf(owner) }
}

describe('PUT /api/recipes/{slug}/image', () => {
  it('stores a camera JPEG upright without its EXIF, answers a new 4-character key and updates the recipe', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const before = await storedImage(recipe.id)

    const answer = await upload(owner, recipe.slug, await cameraJpeg(1200, 800))

    expect(answer.statusCode, answer.body).toBe(200)
    const { image } = answer.json<{ image: string }>()
    expect(image).toMatch(/^[A-Za-z0-9_-]{4}$/)
    const after = await storedImage(recipe.id)
    expect(after.image).toBe(image)
    expect(after.dateUpdated!.getTime()).toBeGreaterThan(before.dateUpdated?.getTime() ?? 0)
    const read = await testApp.api.ok(getRecipe, { as: owner, params: { slug: recipe.slug } })
    expect(read.image).toBe(image)

    const directory = recipeImagesDirectory(dataDirectory, recipe.id)
    expect((await fs.readdir(directory)).sort()).toEqual(['min-original.webp', 'original.webp', 'tiny-original.webp'])
    const original = await sharp(await fs.readFile(path.join(directory, 'original.webp'))).metadata()
    // Landscape 1200 × 800 with orientation 6 is shown portrait.
    expect({ format: original.format, width: original.width, height: original.height, exif: original.exif }).toEqual({
      format: 'webp',
      width: 800,
      height: 1200,
      exif: undefined,
    })
  })

  it('reads PNG and WebP, and judges a file that lies about its type by its bytes', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const png = await photo(300, 200).png().toBuffer()
    const webp = await photo(200, 300).webp().toBuffer()
    expect((await upload(owner, recipe.slug, png, 'a.png', 'image/png')).statusCode).toBe(200)
    expect((await upload(owner, recipe.slug, webp, 'a.webp', 'image/webp')).statusCode).toBe(200)
    const stored = await originalOf(recipe.id)
    expect([stored.width, stored.height]).toEqual([200, 300])

    // A PNG named .jpg and declared image/jpeg is a PNG: kept.
    const liar = await upload(owner, recipe.slug, png, 'holiday.jpg', 'image/jpeg')
    expect(liar.statusCode, liar.body).toBe(200)
    // A script named .jpg and declared image/jpeg is not a picture: refused, the previous picture kept.
    const key = (await storedImage(recipe.id)).image
    const script = await upload(owner, recipe.slug, Buffer.from('<script>alert(1)</script>'), 'x.jpg', 'image/jpeg')
    expect(script.statusCode).toBe(415)
    expect(script.json().detail.message).toMatch(/not a picture Larder can read/)
    expect((await storedImage(recipe.id)).image).toBe(key)
    const kept = await originalOf(recipe.id)
    expect([kept.width, kept.height]).toEqual([300, 200])
  })

  it('refuses a corrupt file (415), a file over the size limit (413), a missing field (422) and a non-multipart body (415)', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const jpeg = await cameraJpeg(400, 300)
    const corrupt = await upload(owner, recipe.slug, jpeg.subarray(0, 200))
    expect(corrupt.statusCode, corrupt.body).toBe(415)

    const tooLarge = await upload(owner, recipe.slug, bigBody)
    expect(tooLarge.statusCode, tooLarge.body).toBe(413)

    const form = multipartForm([{ name: 'extension', value: 'jpg' }])
    const missing = await testApp.app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.slug}/image`,
      headers: { ...form.headers, authorization: testApp.api.authorization(owner) },
      payload: form.payload,
    })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().detail[0].loc).toEqual(['body', 'image'])

    const json = await testApp.app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.slug}/image`,
      headers: { authorization: testApp.api.authorization(owner), 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(json.statusCode).toBe(415)
    expect((await storedImage(recipe.id)).image).toBeNull()
    await expect(fs.stat(recipeImagesDirectory(dataDirectory, recipe.id))).rejects.toThrow()
  })

  it('is for the recipe’s own household: another household of the group and another group get 404', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const mate = await testApp.make.user({ householdId: owner.householdId })
    const otherHousehold = await testApp.make.household({ groupId: owner.groupId })
    const neighbour = await testApp.make.user({ householdId: otherHousehold.id })
    const stranger = await testApp.make.user()
    const jpeg = await cameraJpeg(300, 200)

    for (const caller of [neighbour, stranger]) {
      const refused = await upload(caller, recipe.slug, jpeg)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().detail.message).toBe('No Entry Found')
    }
    expect((await storedImage(recipe.id)).image).toBeNull()
    // A member of the household may, even on a locked recipe (no lock check for uploads, docs/security.md "Recipe edit and delete rules").
    await testApp.sql`update recipes set settings_locked = true where id = ${recipe.id}`
    expect((await upload(mate, recipe.id, jpeg)).statusCode).toBe(200)
  })

  it('takes parallel uploads to one recipe one at a time: every answer 200, the stored key the last one saved', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const pictures = await Promise.all(
      [1, 2, 3, 4].map((index) =>
        photo(200 + index * 10, 100)
          .png()
          .toBuffer(),
      ),
    )
    const answers = await Promise.all(pictures.map((picture) => upload(owner, recipe.slug, picture, 'a.png')))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200])
    const keys = answers.map((answer) => answer.json<{ image: string }>().image)
    const stored = (await storedImage(recipe.id)).image
    expect(keys).toContain(stored)
    // The three files on disk belong to one picture: the same aspect ratio in original and min.
    const directory = recipeImagesDirectory(dataDirectory, recipe.id)
    const original = await sharp(await fs.readFile(path.join(directory, 'original.webp'))).metadata()
    const min = await sharp(await fs.readFile(path.join(directory, 'min-original.webp'))).metadata()
    expect([original.width, original.height]).toEqual([min.width, min.height])
    expect(await fs.readdir(directory)).not.toContainEqual(expect.stringMatching(/\.tmp$/))
  })

  it('answers 503 with Retry-After when the image queue is full, and writes nothing', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const jpeg = await cameraJpeg(300, 200)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    // One task running and a full backlog of eight: the ninth waiting task is refused at once.
    const blockers = Array.from({ length: 9 }, () => imageQueue.run(() => gate))
    try {
      const busy = await upload(owner, recipe.slug, jpeg)
      expect(busy.statusCode).toBe(503)
      expect(busy.headers['retry-after']).toBe('5')
      expect((await storedImage(recipe.id)).image).toBeNull()
    } finally {
      release()
      await Promise.all(blockers)
    }
    expect((await upload(owner, recipe.slug, jpeg)).statusCode).toBe(200)
  })
})

describe('POST /api/recipes/{slug}/image (from a URL)', () => {
  it('downloads through the guard and keeps a picture whatever type the server declared', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answer = await testApp.api.call(scrapeRecipeImage, {
      as: owner,
      params: { slug: recipe.slug },
      body: { url: `${origin}/photo` },
    })
    expect(answer.status, answer.text).toBe(200)
    expect((await storedImage(recipe.id)).image).toBe((answer.body as { image: string }).image)
    const stored = await originalOf(recipe.id)
    expect([stored.width, stored.height]).toEqual([640, 480])
  })

  it('answers each failure with a clear 4xx and keeps the recipe as it was', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const fromUrl = (url: string) =>
      testApp.api.call(scrapeRecipeImage, { as: owner, params: { slug: recipe.slug }, body: { url } })
    const cases: Array<[string, number, RegExp]> = [
      [`${origin}/page`, 400, /^Url is not an image$/],
      [`${origin}/to-metadata`, 400, /^Url is not from an allowed domain$/],
      [`${origin}/missing`, 400, /answered with status 404/],
      [`${origin}/huge`, 400, /larger than 25 MB/],
      ['http://10.0.0.1/photo.jpg', 400, /^Url is not from an allowed domain$/],
    ]
    for (const [url, status, message] of cases) {
      const answer = await fromUrl(url)
      expect(answer.status, `${url}: ${answer.text}`).toBe(status)
      expect((answer.body as { detail: { message: string } }).detail.message, url).toMatch(message)
    }
    const invalid = await fromUrl('file:///etc/passwd')
    expect(invalid.status).toBe(422)
    expect((await storedImage(recipe.id)).image).toBeNull()
  })

  it('refuses a loopback address when the allow list does not name it', async () => {
    const strict = await createTestApp({ DATA_DIR: dataDirectory })
    const owner = await strict.make.user()
    const recipe = await strict.make.recipe({ owner })
    const answer = await strict.api.call(scrapeRecipeImage, {
      as: owner,
      params: { slug: recipe.slug },
      body: { url: `${origin}/photo` },
    })
    expect(answer.status).toBe(400)
    expect((answer.body as { detail: { message: string } }).detail.message).toBe('Url is not from an allowed domain')
  })

  it('follows the lock rules: a locked recipe is its owner’s only (403), another household’s is not there (404)', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const mate = await testApp.make.user({ householdId: owner.householdId })
    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: owner.groupId })).id,
    })
    await testApp.sql`update recipes set settings_locked = true where id = ${recipe.id}`
    const fromUrl = (as: Owner) =>
      testApp.api.call(scrapeRecipeImage, { as, params: { slug: recipe.slug }, body: { url: `${origin}/photo` } })
    expect((await fromUrl(mate)).status).toBe(403)
    expect((await fromUrl(neighbour)).status).toBe(404)
    expect((await storedImage(recipe.id)).image).toBeNull()
    expect((await fromUrl(owner)).status).toBe(200)
  })
})

describe('DELETE /api/recipes/{slug}/image', () => {
  it('removes the three files and clears the key, leaving timeline pictures', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    await upload(owner, recipe.slug, await cameraJpeg(300, 200))
    const timeline = recipeTimelineImagesDirectory(dataDirectory, recipe.id, '11111111-1111-4111-8111-111111111111')
    await fs.mkdir(timeline, { recursive: true })
    await fs.writeFile(path.join(timeline, 'original.webp'), await photo(10, 10).webp().toBuffer())

    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: owner.groupId })).id,
    })
    expect((await testApp.api.call(deleteRecipeImage, { as: neighbour, params: { slug: recipe.slug } })).status).toBe(
      404,
    )
    const answer = await testApp.api.call(deleteRecipeImage, { as: owner, params: { slug: recipe.slug } })
    expect(answer.status).toBe(200)
    expect((await storedImage(recipe.id)).image).toBeNull()
    const directory = recipeImagesDirectory(dataDirectory, recipe.id)
    expect(await fs.readdir(directory)).toEqual(['timeline'])
    const served = await testApp.api.call(getRecipeImage, { params: { id: recipe.id, fileName: 'original.webp' } })
    expect(served.status).toBe(404)
  })
})

describe('GET /api/media/recipes/{id}/images/…', () => {
  it('serves the three sizes to the recipe’s group, immutable when versioned, with validators that answer 304', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const key = (await upload(owner, recipe.slug, await cameraJpeg(1200, 800))).json<{ image: string }>().image

    const sizes: Record<string, number> = {}
    for (const fileName of ['original.webp', 'min-original.webp', 'tiny-original.webp'] as const) {
      const answer = await testApp.api.call(getRecipeImage, {
        as: owner,
        params: { id: recipe.id, fileName },
        query: { version: key, rnd: '1' },
      })
      expect(answer.status).toBe(200)
      expect(answer.headers['content-type']).toBe('image/webp')
      expect(answer.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length)
      sizes[fileName] = (await sharp(answer.bytes).metadata()).width!
    }
    expect(sizes).toEqual({ 'original.webp': 800, 'min-original.webp': 683, 'tiny-original.webp': 300 })

    const unversioned = await testApp.api.call(getRecipeImage, {
      as: owner,
      params: { id: recipe.id, fileName: 'original.webp' },
    })
    expect(unversioned.headers['cache-control']).toBe('private, no-cache')
    const etag = String(unversioned.headers.etag)
    const lastModified = String(unversioned.headers['last-modified'])
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0)
    const byTag = await testApp.api.call(getRecipeImage, {
      as: owner,
      params: { id: recipe.id, fileName: 'original.webp' },
      headers: { 'if-none-match': etag },
    })
    expect(byTag.status).toBe(304)
    expect(byTag.bytes.length).toBe(0)
    const byDate = await testApp.api.call(getRecipeImage, {
      as: owner,
      params: { id: recipe.id, fileName: 'original.webp' },
      headers: { 'if-modified-since': lastModified },
    })
    expect(byDate.status).toBe(304)
    const head = await testApp.app.inject({
      method: 'HEAD',
      url: `/api/media/recipes/${recipe.id}/images/original.webp`,
      headers: { authorization: testApp.api.authorization(owner) },
    })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(unversioned.headers['content-length'])
    expect(head.rawPayload.length).toBe(0)
    const stale = await testApp.api.call(getRecipeImage, {
      as: owner,
      params: { id: recipe.id, fileName: 'original.webp' },
      headers: { 'if-none-match': '"other"' },
    })
    expect(stale.status).toBe(200)
  })

  it('answers 422 for other file names or a malformed id, 404 for a missing picture', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    await upload(owner, recipe.slug, await cameraJpeg(300, 200))
    const get = (url: string) => testApp.app.inject({ method: 'GET', url })
    expect((await get(`/api/media/recipes/${recipe.id}/images/profile.webp`)).statusCode).toBe(422)
    expect((await get(`/api/media/recipes/${recipe.id}/images/..%2F..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(422)
    expect((await get(`/api/media/recipes/not-an-id/images/original.webp`)).statusCode).toBe(422)
    const missing = await get(`/api/media/recipes/00000000-0000-4000-8000-000000000000/images/original.webp`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail.message).toBe('File not found')
  })

  it('serves a timeline event’s pictures', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const eventId = '22222222-2222-4222-8222-222222222222'
    const directory = recipeTimelineImagesDirectory(dataDirectory, recipe.id, eventId)
    await fs.mkdir(directory, { recursive: true })
    await fs.writeFile(path.join(directory, 'tiny-original.webp'), await photo(30, 30).webp().toBuffer())
    const params = { id: recipe.id, eventId }
    const served = await testApp.api.call(getRecipeTimelineImage, {
      as: owner,
      params: { ...params, fileName: 'tiny-original.webp' },
    })
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(
      (await testApp.api.call(getRecipeTimelineImage, { as: owner, params: { ...params, fileName: 'original.webp' } }))
        .status,
    ).toBe(404)
  })
})
