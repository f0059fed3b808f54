import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import {
  cleanImages,
  cleanRecipeFolders,
  cleanTemp,
  getMaintenanceStorage,
  getMaintenanceSummary,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { whenDone } from '../../../test/test-database.js'

/** An hour ago: older than the settling time, so a clean may take it. */
const anHourAgo = new Date(Date.now() - 60 * 60 * 1000)

async function write(file: string, bytes: number, options: { old?: boolean } = { old: true }) {
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, Buffer.alloc(bytes, 1))
  if (options.old) await fs.utimes(file, anHourAgo, anHourAgo)
}

const age = (target: string) => fs.utimes(target, anHourAgo, anHourAgo)

const exists = (target: string) =>
  fs.access(target).then(
    () => true,
    () => false,
  )

/** A server on a data folder of its own, with a recipe whose folder Larder keeps and the debris a clean removes. */
async function dataFolder() {
  const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-maintenance-'))
  whenDone(() => fs.rm(dataDirectory, { recursive: true, force: true }))
  const testApp = await createTestApp({ DATA_DIR: dataDirectory })
  const admin = await testApp.make.user({ admin: true })
  const cook = await testApp.make.user()
  const recipe = await testApp.make.recipe({ owner: cook, name: 'Kept pie' })
  const recipes = path.join(dataDirectory, 'media', 'recipes')
  const kept = path.join(recipes, recipe.id)
  await write(path.join(kept, 'images', 'original.webp'), 1000)
  await write(path.join(kept, 'images', 'min-original.webp'), 500)
  await write(path.join(kept, 'images', 'tiny-original.webp'), 100)
  // Timeline pictures sit in sub-folders: never cleaned as stray images.
  await write(path.join(kept, 'images', 'timeline', randomUUID(), 'original.jpg'), 50)
  await write(path.join(kept, 'assets', 'card.pdf'), 200)
  // Pictures Larder never serves: Mealie's originals copied in, a crashed write's staging file.
  await write(path.join(kept, 'images', 'original.jpg'), 3000)
  await write(path.join(kept, 'images', '.a1b2c3.tmp'), 10)
  // A picture being written right now.
  await write(path.join(kept, 'images', '.d4e5f6.tmp'), 10, { old: false })
  // Folders of no recipe: a UUID whose recipe is gone, and a name that is no id.
  const goneRecipe = path.join(recipes, randomUUID())
  await write(path.join(goneRecipe, 'images', 'original.webp'), 700)
  const notAnId = path.join(recipes, 'lemon-tart')
  await write(path.join(notAnId, 'images', 'original.webp'), 300)
  // An import's folder whose recipe is not committed yet.
  const fresh = path.join(recipes, randomUUID())
  await write(path.join(fresh, 'images', 'original.webp'), 10, { old: false })
  for (const folder of [kept, goneRecipe, notAnId]) await age(folder)
  await write(path.join(dataDirectory, '.temp', 'upload', 'part.zip'), 4096)
  await write(path.join(dataDirectory, 'backups', 'larder_2026.zip'), 2048)
  await write(path.join(dataDirectory, 'postgres', 'base', '1', '1259'), 8192)
  await write(path.join(dataDirectory, 'media', 'users', cook.id, 'profile.webp'), 1024)
  await write(path.join(dataDirectory, 'media', 'groups', cook.groupId, 'exports', `${randomUUID()}.zip`), 1536)
  return { ...testApp, dataDirectory, admin, cook, kept, goneRecipe, notAnId, fresh }
}

describe('maintenance: the data folder', () => {
  it("counts what a clean would remove and sizes each folder, in Mealie's shapes", async () => {
    const { api, admin } = await dataFolder()
    const summary = await api.call(getMaintenanceSummary, { as: admin })
    expect(summary.status).toBe(200)
    expect(summary.body).toEqual({
      dataDirSize: expect.stringMatching(/^\d+(\.\d+)? KB$/),
      cleanableImages: 2,
      cleanableDirs: 2,
    })

    const storage = await api.call(getMaintenanceStorage, { as: admin })
    expect(storage.body).toEqual({
      tempDirSize: '4 KB',
      backupsDirSize: '2 KB',
      groupsDirSize: '1.5 KB',
      recipesDirSize: expect.stringMatching(/^\d+(\.\d+)? KB$/),
      userDirSize: '1 KB',
    })
  })

  it('deletes only the pictures Larder never serves, and not one being written', async () => {
    const { api, admin, kept } = await dataFolder()
    const answer = await api.call(cleanImages, { as: admin })
    expect(answer.body).toEqual({ message: '2 Images cleaned', error: false })
    expect((await fs.readdir(path.join(kept, 'images'))).sort()).toEqual([
      '.d4e5f6.tmp',
      'min-original.webp',
      'original.webp',
      'timeline',
      'tiny-original.webp',
    ])
    expect(await exists(path.join(kept, 'assets', 'card.pdf'))).toBe(true)
    expect((await api.call(getMaintenanceSummary, { as: admin })).body).toMatchObject({ cleanableImages: 0 })
  })

  it("deletes the recipe folders of no recipe, keeping a recipe's own and one just made", async () => {
    const { api, admin, kept, goneRecipe, notAnId, fresh, dataDirectory } = await dataFolder()
    const answer = await api.call(cleanRecipeFolders, { as: admin })
    expect(answer.body).toEqual({ message: '2 Recipe folders removed', error: false })
    expect(await exists(goneRecipe)).toBe(false)
    expect(await exists(notAnId)).toBe(false)
    expect(await exists(path.join(kept, 'images', 'original.webp'))).toBe(true)
    expect(await exists(fresh)).toBe(true)
    // Nothing outside media/recipes is touched.
    expect(await exists(path.join(dataDirectory, 'postgres', 'base', '1', '1259'))).toBe(true)
    expect(await exists(path.join(dataDirectory, 'backups', 'larder_2026.zip'))).toBe(true)
    expect((await api.call(getMaintenanceSummary, { as: admin })).body).toMatchObject({ cleanableDirs: 0 })
  })

  it('does not follow a link out of a removed folder', async () => {
    const { api, admin, goneRecipe, dataDirectory } = await dataFolder()
    await fs.symlink(path.join(dataDirectory, 'backups'), path.join(goneRecipe, 'images', 'backups'))
    await age(goneRecipe)
    await api.call(cleanRecipeFolders, { as: admin })
    expect(await exists(goneRecipe)).toBe(false)
    expect(await exists(path.join(dataDirectory, 'backups', 'larder_2026.zip'))).toBe(true)
  })

  it('empties .temp and leaves it in place, also when there was none', async () => {
    const { api, admin, dataDirectory } = await dataFolder()
    const answer = await api.call(cleanTemp, { as: admin })
    expect(answer.body).toEqual({ message: "'.temp' directory cleaned", error: false })
    expect(await fs.readdir(path.join(dataDirectory, '.temp'))).toEqual([])
    await fs.rm(path.join(dataDirectory, '.temp'), { recursive: true })
    expect((await api.call(cleanTemp, { as: admin })).status).toBe(200)
    expect((await api.call(getMaintenanceStorage, { as: admin })).body).toMatchObject({ tempDirSize: '0 bytes' })
  })

  it('answers an empty data folder with zeros', async () => {
    const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-maintenance-'))
    whenDone(() => fs.rm(dataDirectory, { recursive: true, force: true }))
    const { api, make } = await createTestApp({ DATA_DIR: dataDirectory })
    const admin = await make.user({ admin: true })
    expect((await api.call(getMaintenanceSummary, { as: admin })).body).toEqual({
      dataDirSize: '0 bytes',
      cleanableImages: 0,
      cleanableDirs: 0,
    })
    expect((await api.call(cleanRecipeFolders, { as: admin })).body).toEqual({
      message: '0 Recipe folders removed',
      error: false,
    })
  })

  it('is for administrators only', async () => {
    const { api, cook, dataDirectory } = await dataFolder()
    for (const endpoint of [getMaintenanceSummary, getMaintenanceStorage, cleanImages, cleanTemp, cleanRecipeFolders]) {
      expect((await api.call(endpoint, { as: cook })).status).toBe(403)
    }
    expect(await exists(path.join(dataDirectory, '.temp', 'upload', 'part.zip'))).toBe(true)
  })
})
