import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { cameraJpeg, multipartForm } from './media-helpers.js'
import { createTestApp } from './test-app.js'
import { whenDone } from './test-database.js'

/** A test app with a DATA_DIR of its own (restores replace DATA_DIR/media), an administrator and a cook. */
export async function backupWorld() {
  const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-backups-'))
  whenDone(() => fs.rm(dataDirectory, { recursive: true, force: true }))
  const testApp = await createTestApp({ DATA_DIR: dataDirectory })
  const admin = await testApp.make.user({ admin: true })
  const adminAuth = (await testApp.signIn(admin.email, admin.password)).authorization
  const cook = await testApp.make.user({ householdId: admin.householdId })
  const cookAuth = (await testApp.signIn(cook.email, cook.password)).authorization
  return { testApp, dataDirectory, admin, adminAuth, cook, cookAuth }
}

export type BackupWorld = Awaited<ReturnType<typeof backupWorld>>
type World = BackupWorld

export function call(world: World, method: string, url: string, extra: { payload?: Buffer; headers?: object } = {}) {
  return world.testApp.app.inject({
    method: method as 'GET',
    url,
    payload: extra.payload,
    headers: { authorization: world.adminAuth, ...extra.headers },
  })
}

/** A recipe of the cook's with a picture, uploaded as the web client does. */
export async function recipeWithPicture(world: World, name: string) {
  const recipe = await world.testApp.make.recipe({ name, owner: world.cook })
  const form = multipartForm([
    { name: 'image', fileName: 'dish.jpg', content: await cameraJpeg(300, 200), contentType: 'image/jpeg' },
    { name: 'extension', value: 'jpg' },
  ])
  const answer = await world.testApp.app.inject({
    method: 'PUT',
    url: `/api/recipes/${recipe.slug}/image`,
    payload: form.payload,
    headers: { authorization: world.cookAuth, ...form.headers },
  })
  if (answer.statusCode !== 200) throw new Error(`no picture: ${answer.statusCode} ${answer.body}`)
  return recipe
}

export async function createBackup(world: World): Promise<string> {
  const created = await call(world, 'POST', '/api/admin/backups')
  expect(created.statusCode, created.body).toBe(201)
  const list = (await call(world, 'GET', '/api/admin/backups')).json<{ imports: { name: string }[] }>()
  return list.imports[0]!.name
}

/** What a restore must leave alone when it refuses: the rows of every table a test touches, and every media file. */
export async function snapshot(world: World) {
  const [counts] = await world.testApp.sql<{ recipes: number; users: number; groups: number }[]>`
    select (select count(*)::int from recipes) as recipes, (select count(*)::int from users) as users,
           (select count(*)::int from groups) as groups`
  const names = await world.testApp.sql<{ name: string }[]>`select name from recipes order by name`
  const files: string[] = []
  const walk = async (folder: string, prefix: string) => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${prefix}${entry.name}/`)
      else files.push(`${prefix}${entry.name} ${(await fs.stat(path.join(folder, entry.name))).size}`)
    }
  }
  await walk(world.dataDirectory, '')
  return {
    counts,
    recipes: names.map((row) => row.name),
    files: files.filter((file) => !file.startsWith('backups/')).sort(),
  }
}
