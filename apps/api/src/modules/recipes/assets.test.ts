import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  deleteRecipe,
  duplicateRecipe,
  getRecipe,
  getRecipeAsset,
  getRecipeImage,
  patchRecipe,
  patchRecipes,
  updateRecipe,
} from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, photo } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeAssetsDirectory, recipeImagesDirectory, recipeMediaDirectory } from '../../lib/media-paths.js'
import { removeUnlistedAssetFiles } from './assets.service.js'

type Owner = { id: string; groupId: string; householdId: string }

const dataDirectory = `/tmp/larder-recipe-assets-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

function attach(
  as: Owner,
  slug: string,
  fields: { name?: string; icon?: string; extension?: string },
  content: Buffer = Buffer.from('%PDF-1.4 a recipe card'),
) {
  const form = multipartForm([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', fileName: 'upload.bin', content },
  ])
  return testApp.app.inject({
    method: 'POST',
    url: `/api/recipes/${slug}/assets`,
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
}

async function ownerWithRecipe() {
  const owner = await testApp.make.user()
  return { owner, recipe: await testApp.make.recipe({ owner }) }
}

async function assetsOf(recipeId: string) {
  const [row] = await testApp.sql`select assets, date_updated from recipes where id = ${recipeId}`
  return row!.assets as Array<{ name: string; icon: string; fileName: string }>
}

const filesIn = (directory: string) => fs.readdir(directory).catch(() => [] as string[])

describe('POST /api/recipes/{slug}/assets', () => {
  it('stores the file under a name made from the asset name, appends it to assets and serves it', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answer = await attach(owner, recipe.slug, {
      name: 'Grandma’s Card',
      icon: 'mdi-file-pdf-box',
      extension: '.PDF',
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ name: 'Grandma’s Card', icon: 'mdi-file-pdf-box', fileName: 'grandmas-card.pdf' })
    const read = await testApp.api.ok(getRecipe, { as: owner, params: { slug: recipe.slug } })
    expect(read.assets).toEqual([answer.json()])
    expect(await filesIn(recipeAssetsDirectory(dataDirectory, recipe.id))).toEqual(['grandmas-card.pdf'])

    const served = await testApp.api.call(getRecipeAsset, {
      as: owner,
      params: { id: recipe.id, fileName: 'grandmas-card.pdf' },
    })
    expect(served.status).toBe(200)
    expect(served.text).toBe('%PDF-1.4 a recipe card')
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="grandmas-card.pdf"; filename*=UTF-8''grandmas-card.pdf`,
    )
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // The recipe is not public: answered to its group only, so no shared cache may keep it (media.test.ts).
    expect(served.headers['cache-control']).toBe('private, no-cache')
    const again = await testApp.api.call(getRecipeAsset, {
      as: owner,
      params: { id: recipe.id, fileName: 'grandmas-card.pdf' },
      headers: { 'if-none-match': String(served.headers.etag) },
    })
    expect(again.status).toBe(304)

    // The same name again replaces the file and the entry instead of listing it twice.
    await attach(owner, recipe.slug, { name: 'Grandma’s card', icon: 'mdi-file', extension: 'pdf' }, Buffer.from('v2'))
    expect(await assetsOf(recipe.id)).toEqual([
      { name: 'Grandma’s card', icon: 'mdi-file', fileName: 'grandmas-card.pdf' },
    ])
  })

  it('refuses extensions outside the allow list and names that leave nothing, writing nothing', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    for (const extension of ['html', 'svg', 'js', 'exe', '../../pdf', 'pdf/..', '']) {
      const answer = await attach(owner, recipe.slug, { name: 'card', icon: 'mdi-file', extension })
      expect(answer.statusCode, extension).toBe(400)
      expect(answer.json().detail.message, extension).toBe('Unsupported file extension')
    }
    for (const name of ['..', '../..', '/', '  ', '***']) {
      const answer = await attach(owner, recipe.slug, { name, icon: 'mdi-file', extension: 'pdf' })
      expect(answer.statusCode, name).toBe(400)
      expect(answer.json().detail.message).toBe('Missing required fields')
    }
    // Separators in a name are dropped, never followed: `../../etc/passwd` is stored as etc-passwd.txt in the folder.
    const traversal = await attach(owner, recipe.slug, { name: '../../etc/passwd', icon: 'x', extension: 'txt' })
    expect(traversal.json().fileName).toBe('etc-passwd.txt')
    expect(await filesIn(recipeAssetsDirectory(dataDirectory, recipe.id))).toEqual(['etc-passwd.txt'])

    const missing = await attach(owner, recipe.slug, { icon: 'mdi-file', extension: 'pdf' })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().detail[0].loc).toEqual(['body', 'name'])
    const nul = await attach(owner, recipe.slug, { name: 'a\u0000b', extension: 'pdf' })
    expect(nul.statusCode).toBe(422)
    const tooLarge = await attach(owner, recipe.slug, { name: 'big', extension: 'pdf' }, Buffer.alloc(26 * 1024 * 1024))
    expect(tooLarge.statusCode).toBe(413)
    expect(await assetsOf(recipe.id)).toHaveLength(1)
    expect(await filesIn(recipeAssetsDirectory(dataDirectory, recipe.id))).toEqual(['etc-passwd.txt'])
  })

  it('is for the recipe’s own household: others get 404', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: owner.groupId })).id,
    })
    const stranger = await testApp.make.user()
    for (const caller of [neighbour, stranger]) {
      const answer = await attach(caller, recipe.slug, { name: 'card', icon: 'mdi-file', extension: 'pdf' })
      expect(answer.statusCode).toBe(404)
    }
    expect(await assetsOf(recipe.id)).toEqual([])
    expect(await filesIn(recipeAssetsDirectory(dataDirectory, recipe.id))).toEqual([])
  })

  it('keeps every one of parallel uploads', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        attach(
          owner,
          recipe.slug,
          { name: `note ${index}`, icon: 'mdi-file', extension: 'txt' },
          Buffer.from(`${index}`),
        ),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200))
    const names = (await assetsOf(recipe.id)).map((asset) => asset.fileName).sort()
    expect(names).toEqual(Array.from({ length: 6 }, (_, index) => `note-${index}.txt`))
    expect((await filesIn(recipeAssetsDirectory(dataDirectory, recipe.id))).sort()).toEqual(names)
  })

  it('deletes the files of assets an update leaves out (PUT, PATCH and bulk)', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    for (const name of ['one', 'two', 'three']) {
      await attach(owner, recipe.slug, { name, icon: 'mdi-file', extension: 'txt' })
    }
    const directory = recipeAssetsDirectory(dataDirectory, recipe.id)
    const current = await testApp.api.ok(getRecipe, { as: owner, params: { slug: recipe.slug } })

    // PATCH without `assets` keeps them all.
    await testApp.api.ok(patchRecipe, { as: owner, params: { slug: recipe.slug }, body: { description: 'x' } })
    expect((await filesIn(directory)).sort()).toEqual(['one.txt', 'three.txt', 'two.txt'])

    await testApp.api.ok(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { assets: current.assets.filter((asset) => asset.fileName !== 'two.txt') },
    })
    expect((await filesIn(directory)).sort()).toEqual(['one.txt', 'three.txt'])

    await testApp.api.ok(patchRecipes, {
      as: owner,
      body: [{ id: recipe.id, assets: current.assets.filter((asset) => asset.fileName === 'one.txt') }],
    })
    expect(await filesIn(directory)).toEqual(['one.txt'])

    // PUT without `assets` resets them to none.
    const latest = await testApp.api.ok(getRecipe, { as: owner, params: { slug: recipe.slug } })
    const { assets: _dropped, ...withoutAssets } = latest
    await testApp.api.ok(updateRecipe, { as: owner, params: { slug: recipe.slug }, body: withoutAssets })
    expect(await filesIn(directory)).toEqual([])
  })

  it('leaves files being written alone when pruning', async () => {
    const recipeId = randomUUID()
    const directory = recipeAssetsDirectory(dataDirectory, recipeId)
    await fs.mkdir(directory, { recursive: true })
    await Promise.all(
      ['keep.pdf', 'drop.pdf', '.abc123.tmp'].map((name) => fs.writeFile(path.join(directory, name), 'x')),
    )
    await removeUnlistedAssetFiles(dataDirectory, recipeId, ['keep.pdf'])
    expect((await fs.readdir(directory)).sort()).toEqual(['.abc123.tmp', 'keep.pdf'])
    // A recipe without an asset folder is not an error.
    await removeUnlistedAssetFiles(dataDirectory, randomUUID(), [])
  })
})

describe('GET /api/media/recipes/{id}/assets/{fileName}', () => {
  it('sends text as plain text and anything a browser could run as a download, never from outside the folder', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    await attach(owner, recipe.slug, { name: 'notes', icon: 'mdi-file', extension: 'md' }, Buffer.from('# <b>hi</b>'))
    const markdown = await testApp.api.call(getRecipeAsset, {
      as: owner,
      params: { id: recipe.id, fileName: 'notes.md' },
    })
    expect(markdown.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(markdown.headers['content-security-policy']).toContain('sandbox')

    // A file that reached the folder another way (a copied Mealie data folder): downloaded, not rendered.
    const directory = recipeAssetsDirectory(dataDirectory, recipe.id)
    await fs.writeFile(path.join(directory, 'page.html'), '<script>alert(document.cookie)</script>')
    await fs.writeFile(path.join(directory, 'logo.svg'), '<svg onload="alert(1)"/>')
    for (const fileName of ['page.html', 'logo.svg']) {
      const served = await testApp.api.call(getRecipeAsset, { as: owner, params: { id: recipe.id, fileName } })
      expect(served.status).toBe(200)
      expect(served.headers['content-type']).toBe('application/octet-stream')
      expect(served.headers['content-disposition']).toMatch(/^attachment; /)
    }

    const get = (url: string) =>
      testApp.app.inject({ method: 'GET', url, headers: { authorization: testApp.api.authorization(owner) } })
    for (const fileName of ['..%2F..%2F..%2Fetc%2Fpasswd', '..%2Fimages%2Foriginal.webp', '.hidden.txt', 'a%5Cb.txt']) {
      const answer = await get(`/api/media/recipes/${recipe.id}/assets/${fileName}`)
      expect(answer.statusCode, fileName).toBe(404)
    }
    expect((await get(`/api/media/recipes/${recipe.id}/assets/missing.pdf`)).statusCode).toBe(404)
    expect((await get(`/api/media/recipes/..%2F..%2Fusers/assets/notes.md`)).statusCode).toBe(422)
  })
})

describe('deleting and duplicating a recipe', () => {
  it('duplicate copies pictures and assets under a new image key; delete removes the whole folder', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const form = multipartForm([{ name: 'image', fileName: 'a.png', content: await photo(120, 80).png().toBuffer() }])
    const uploaded = await testApp.app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.slug}/image`,
      headers: { ...form.headers, authorization: testApp.api.authorization(owner) },
      payload: form.payload,
    })
    const key = uploaded.json<{ image: string }>().image
    await attach(owner, recipe.slug, { name: 'card', icon: 'mdi-file', extension: 'pdf' })

    const copy = await testApp.api.call(duplicateRecipe, { as: owner, params: { slug: recipe.slug }, body: {} })
    expect(copy.status).toBe(201)
    const duplicate = copy.body as { id: string; image: string | null; assets: unknown[] }
    expect(duplicate.image).toMatch(/^[A-Za-z0-9_-]{4}$/)
    expect(duplicate.image).not.toBe(key)
    expect(duplicate.assets).toEqual([{ name: 'card', icon: 'mdi-file', fileName: 'card.pdf' }])
    expect(await filesIn(recipeAssetsDirectory(dataDirectory, duplicate.id))).toEqual(['card.pdf'])
    const picture = await testApp.api.call(getRecipeImage, {
      as: owner,
      params: { id: duplicate.id, fileName: 'tiny-original.webp' },
      query: { version: duplicate.image! },
    })
    expect(picture.status).toBe(200)

    expect((await testApp.api.call(deleteRecipe, { as: owner, params: { slug: recipe.slug } })).status).toBe(200)
    await expect(fs.stat(recipeMediaDirectory(dataDirectory, recipe.id))).rejects.toThrow(/ENOENT/)
    // The copy keeps its own files.
    expect((await filesIn(recipeImagesDirectory(dataDirectory, duplicate.id))).sort()).toEqual([
      'min-original.webp',
      'original.webp',
      'tiny-original.webp',
    ])
  })
})
