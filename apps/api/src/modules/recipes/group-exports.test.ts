import { createHmac } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  adminDeleteGroup,
  bulkExportRecipes,
  deleteRecipeExport,
  downloadFile,
  getRecipeExportToken,
  listRecipeExports,
  purgeRecipeExports,
  retryRecipeExport,
  type GroupDataExport,
} from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzip } from '../../../test/media-helpers.js'
import { bulkWorld, uploadRecipePicture, type TestUser } from '../../../test/bulk-world.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { groupDataExports } from '../../db/schema/index.js'
import { groupMediaDirectory } from '../../lib/media-paths.js'

const dataDirectory = `/tmp/larder-group-exports-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

const households = () => bulkWorld(testApp)

const withPicture = (owner: TestUser, slug: string) => uploadRecipePicture(testApp, owner, slug)

const list = (as: TestUser) => testApp.api.ok(listRecipeExports, { as })

/** The group's exports once `count` of them are built (the job runner works in the background). */
async function exportsWhenBuilt(as: TestUser, count: number): Promise<GroupDataExport[]> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const exports = await list(as)
    if (exports.filter((item) => item.status === 'ready').length >= count) return exports
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${count} exports`)
}

/** The export once its build has ended, its retries brought forward (they back off 2 s, then 4 s). */
async function whenEnded(as: TestUser, id: string): Promise<GroupDataExport> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const found = (await list(as)).find((item) => item.id === id)
    if (found && found.status !== 'building') return found
    await testApp.sql`
      update background_jobs set run_after = now()
      where kind = 'recipe-export-build' and status = 'queued' and payload->>'exportId' = ${id}`
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for export ${id} to end`)
}

/** An HS256 token signed with another key: what someone without the server's secret can make. */
function forgedToken(claims: object) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  const signature = createHmac('sha256', 'not-the-server-secret').update(unsigned).digest('base64url')
  return `${unsigned}.${signature}`
}

const download = (token: string) => testApp.api.call(downloadFile, { query: { token } })

async function tokenFor(as: TestUser, exportPath: string) {
  const answer = await testApp.api.call(getRecipeExportToken, { as, query: { path: exportPath } })
  expect(answer.status, answer.text).toBe(200)
  return (answer.body as { fileToken: string }).fileToken
}

describe('bulk export: 202, a job builds the zip, the group lists and downloads it', () => {
  it("builds recipes/<slug>/<slug>.json and the picture of the household's recipes, and streams the zip", async () => {
    const { cook, mate, neighbour } = await households()
    const soup = await testApp.make.recipe({ owner: cook, name: 'Export Soup' })
    const stew = await testApp.make.recipe({ owner: mate, name: 'Export Stew', settingsLocked: true })
    await withPicture(cook, soup.slug)

    const answer = await testApp.api.call(bulkExportRecipes, {
      as: cook,
      body: { recipes: [soup.slug, stew.id], exportType: 'json' },
    })
    expect(answer.status, answer.text).toBe(202)
    expect(answer.text).toBe('null')

    const [made] = await exportsWhenBuilt(cook, 1)
    expect(made).toMatchObject({
      groupId: cook.groupId,
      name: 'Data Export',
      filename: `${made!.id}.zip`,
      path: `media/groups/${cook.groupId}/exports/${made!.id}.zip`,
      status: 'ready',
      error: null,
    })
    expect(made!.size).toMatch(/^\d+(\.\d+)? (bytes|KB)$/)
    const expiresIn = Date.parse(made!.expires) - Date.now()
    expect(expiresIn).toBeGreaterThan(23 * 3600_000)
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000)
    // The whole group sees it: another household of the group too, as Mealie lists a group's exports.
    expect((await list(neighbour)).map((item) => item.id)).toEqual([made!.id])

    const file = await download(await tokenFor(neighbour, made!.path))
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('application/octet-stream')
    expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${made!.id}.zip"`))
    const entries = await unzip(file.bytes)
    expect([...entries.keys()].sort()).toEqual([
      'recipes/export-soup/export-soup.json',
      'recipes/export-soup/original.webp',
      'recipes/export-stew/export-stew.json',
    ])
    const json = JSON.parse(entries.get('recipes/export-stew/export-stew.json')!.toString()) as { id: string }
    expect(json.id).toBe(stew.id)
    // The stored file is the zip served, in the group's folder, and no temporary file is left beside it.
    const folder = path.join(groupMediaDirectory(dataDirectory, cook.groupId), 'exports')
    expect(await fs.readdir(folder)).toEqual([`${made!.id}.zip`])
  })

  it('refuses a recipe of another household or group (404), an empty list and another format (422): no job', async () => {
    const { cook, neighbour, stranger } = await households()
    const mine = await testApp.make.recipe({ owner: cook })
    const theirs = await testApp.make.recipe({ owner: neighbour })
    const foreign = await testApp.make.recipe({ owner: stranger })
    const call = (body: object) => testApp.api.call(bulkExportRecipes, { as: cook, body: body as never })
    const [before] = await testApp.sql`select count(*)::int as count from background_jobs`
    expect((await call({ recipes: [mine.slug, theirs.slug], exportType: 'json' })).status).toBe(404)
    expect((await call({ recipes: [mine.slug, foreign.slug], exportType: 'json' })).status).toBe(404)
    expect((await call({ recipes: [foreign.id], exportType: 'json' })).status).toBe(404)
    expect((await call({ recipes: [], exportType: 'json' })).status).toBe(422)
    expect((await call({ recipes: [mine.slug], exportType: 'zip' })).status).toBe(422)
    const [after] = await testApp.sql`select count(*)::int as count from background_jobs`
    expect(after!.count).toBe(before!.count)
    expect(await list(cook)).toEqual([])
  })

  it('zips recipes past the first chunk it loads (50 at a time), each once', async () => {
    const { cook } = await households()
    const made = await Promise.all(
      Array.from({ length: 57 }, (_, index) => testApp.make.recipe({ owner: cook, name: `Chunked ${index}` })),
    )
    await testApp.api.ok(bulkExportRecipes, { as: cook, body: { recipes: made.map((recipe) => recipe.slug) } })
    const [built] = await exportsWhenBuilt(cook, 1)
    const entries = await unzip((await download(await tokenFor(cook, built!.path))).bytes)
    expect([...entries.keys()].sort()).toEqual(
      made.map((recipe) => `recipes/${recipe.slug}/${recipe.slug}.json`).sort(),
    )
    for (const recipe of made) {
      const json = JSON.parse(entries.get(`recipes/${recipe.slug}/${recipe.slug}.json`)!.toString()) as { id: string }
      expect(json.id).toBe(recipe.id)
    }
  })

  it('makes one export per request when several arrive at once', async () => {
    const { cook } = await households()
    const made = await Promise.all(Array.from({ length: 3 }, () => testApp.make.recipe({ owner: cook })))
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        testApp.api.call(bulkExportRecipes, {
          as: cook,
          body: { recipes: made.slice(0, 1 + (index % 3)).map((recipe) => recipe.slug) },
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 202))
    const exports = await exportsWhenBuilt(cook, 8)
    expect(new Set(exports.map((item) => item.id)).size).toBe(8)
    const counts = await Promise.all(
      exports.map(async (item) => {
        const entries = await unzip((await download(await tokenFor(cook, item.path))).bytes)
        return entries.size
      }),
    )
    expect(counts.sort()).toEqual([1, 1, 1, 2, 2, 2, 3, 3])
    // Nothing more arrives later: each job stored its export once.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await list(cook)).toHaveLength(8)
  })
})

describe('a build that fails', () => {
  it('is listed as building at once, then failed with its reason after its retries; it can be built again', async () => {
    const { cook, neighbour } = await households()
    const recipe = await testApp.make.recipe({ owner: cook, name: 'Unwritable Soup' })
    // A file where the group's exports folder belongs: every attempt to write the zip fails.
    const folder = path.join(groupMediaDirectory(dataDirectory, cook.groupId), 'exports')
    await fs.mkdir(path.dirname(folder), { recursive: true })
    await fs.writeFile(folder, 'not a folder')

    expect((await testApp.api.call(bulkExportRecipes, { as: cook, body: { recipes: [recipe.slug] } })).status).toBe(202)
    const [building] = await list(cook)
    expect(building).toMatchObject({ status: 'building', error: null, size: '0 bytes' })
    const building404 = await testApp.api.call(getRecipeExportToken, { as: cook, query: { path: building!.path } })
    expect(building404.status).toBe(404)

    const failed = await whenEnded(neighbour, building!.id)
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/EEXIST|ENOTDIR/)
    // The reason names no place on the server.
    expect(failed.error).not.toContain(dataDirectory)
    // The runner marks its job failed just after the last attempt has marked the export: wait for it.
    const jobOf = async () =>
      (
        await testApp.sql`
          select status, attempts from background_jobs
          where kind = 'recipe-export-build' and payload->>'exportId' = ${building!.id}`
      )[0]
    await expect.poll(jobOf, { timeout: 15_000 }).toEqual({ status: 'failed', attempts: 3 })
    const failed404 = await testApp.api.call(getRecipeExportToken, { as: cook, query: { path: failed.path } })
    expect(failed404.status).toBe(404)

    // Once the cause is gone, the same export is built again from the recipes it was asked for.
    await fs.rm(folder)
    expect((await testApp.api.call(retryRecipeExport, { as: cook, params: { id: failed.id } })).status).toBe(202)
    const built = await whenEnded(cook, failed.id)
    expect(built).toMatchObject({ status: 'ready', error: null })
    const entries = await unzip((await download(await tokenFor(cook, built.path))).bytes)
    expect([...entries.keys()]).toEqual([`recipes/${recipe.slug}/${recipe.slug}.json`])
    // Only a failed export is built again.
    expect((await testApp.api.call(retryRecipeExport, { as: cook, params: { id: built.id } })).status).toBe(409)
  })

  it('is built again once when several retries of it arrive at the same time; the others are 409', async () => {
    const { cook, mate } = await households()
    const recipe = await testApp.make.recipe({ owner: cook })
    await testApp.api.ok(bulkExportRecipes, { as: cook, body: { recipes: [recipe.slug] } })
    const [made] = await exportsWhenBuilt(cook, 1)
    // A failed export, as its last attempt leaves it.
    await testApp.sql`update group_data_exports set status = 'failed', error = 'disk full' where id = ${made!.id}`

    const answers = await Promise.all(
      [cook, mate, cook, mate, cook].map((as) => testApp.api.call(retryRecipeExport, { as, params: { id: made!.id } })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409])
    const builds = await testApp.sql`
      select count(*)::int as count from background_jobs
      where kind = 'recipe-export-build' and payload->>'exportId' = ${made!.id}`
    // The first build's job and the one retry's.
    expect(builds[0]!.count).toBe(2)
    expect(await whenEnded(cook, made!.id)).toMatchObject({ status: 'ready', error: null })
    expect((await list(cook)).filter((item) => item.id === made!.id)).toHaveLength(1)
  })

  it('is dismissed, alone, by the group; a foreign or unknown export is 404', async () => {
    const { cook, stranger } = await households()
    const recipe = await testApp.make.recipe({ owner: cook })
    for (let index = 0; index < 2; index += 1) {
      await testApp.api.ok(bulkExportRecipes, { as: cook, body: { recipes: [recipe.slug] } })
    }
    const [first, second] = await exportsWhenBuilt(cook, 2)
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const [as, id] of [
      [stranger, first!.id],
      [cook, unknown],
    ] as const) {
      expect((await testApp.api.call(deleteRecipeExport, { as, params: { id } })).status).toBe(404)
      expect((await testApp.api.call(retryRecipeExport, { as, params: { id } })).status).toBe(404)
    }
    const dismissed = await testApp.api.call(deleteRecipeExport, { as: cook, params: { id: first!.id } })
    expect(dismissed.status).toBe(200)
    expect((await list(cook)).map((item) => item.id)).toEqual([second!.id])
    await expect(fs.access(path.join(dataDirectory, first!.path))).rejects.toThrow()
    await fs.access(path.join(dataDirectory, second!.path))
  })
})

describe('download tokens', () => {
  async function builtExport() {
    const { cook, stranger } = await households()
    const recipe = await testApp.make.recipe({ owner: cook })
    await testApp.api.ok(bulkExportRecipes, { as: cook, body: { recipes: [recipe.slug] } })
    const [made] = await exportsWhenBuilt(cook, 1)
    return { cook, stranger, made: made! }
  }

  it('refuses a missing (400), forged, tampered, expired or session token (401), and a file token as sign-in', async () => {
    const { cook, made } = await builtExport()
    const token = await tokenFor(cook, made.path)
    expect((await download(token)).status).toBe(200)
    expect((await testApp.api.call(downloadFile, { query: {} })).status).toBe(400)

    const claims = { purpose: 'file-download', file: made.path }
    const forged = forgedToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 })
    const [header, , signature] = token.split('.') as [string, string, string]
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, file: 'config/secret', exp: 9e9 })).toString(
      'base64url',
    )
    const expired = testApp.app.jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 })
    const session = testApp.api.authorization(cook).replace('Bearer ', '')
    for (const bad of [forged, `${header}.${otherPayload}.${signature}`, expired, session, 'garbage']) {
      const answer = await download(bad)
      expect(answer.status, bad).toBe(401)
      expect(answer.body).toEqual({
        detail: { message: 'could not validate file token', error: true, exception: null },
      })
    }
    // A file token signs nobody in.
    const asBearer = await testApp.app.inject({
      method: 'GET',
      url: '/api/recipes/bulk-actions/export',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(asBearer.statusCode).toBe(401)
  })

  it("refuses paths that are not the group's current exports: traversal 400, another group's 404", async () => {
    const { cook, stranger, made } = await builtExport()
    for (const bad of [
      '../../etc/passwd',
      `/${made.path}`,
      `${made.path}/../../../../../config`,
      `media/groups/${cook.groupId}/exports/../../../../secret.zip`,
      made.filename,
    ]) {
      const answer = await testApp.api.call(getRecipeExportToken, { as: cook, query: { path: bad } })
      expect(answer.status, bad).toBe(400)
    }
    const theirs = await testApp.api.call(getRecipeExportToken, { as: stranger, query: { path: made.path } })
    expect(theirs.status).toBe(404)
    expect(await list(stranger)).toEqual([])
    const unknown = made.path.replace(made.id, '00000000-0000-4000-8000-000000000000')
    expect((await testApp.api.call(getRecipeExportToken, { as: cook, query: { path: unknown } })).status).toBe(404)
    // Even a token the server signed opens nothing outside DATA_DIR, nor a folder.
    for (const file of ['../../../etc/passwd', '/etc/passwd', 'media']) {
      const signed = testApp.app.jwt.sign({ purpose: 'file-download', file }, { expiresIn: 60 })
      expect((await download(signed)).status, file).toBe(404)
    }
  })
})

describe('purge and expiry', () => {
  it("purges the group's exports and files: tokens issued before stop working; other groups keep theirs", async () => {
    const { cook, stranger } = await households()
    const mine = await testApp.make.recipe({ owner: cook })
    const theirs = await testApp.make.recipe({ owner: stranger })
    for (const [as, recipe] of [
      [cook, mine],
      [cook, mine],
      [stranger, theirs],
    ] as const) {
      await testApp.api.ok(bulkExportRecipes, { as, body: { recipes: [recipe.slug] } })
    }
    const exports = await exportsWhenBuilt(cook, 2)
    await exportsWhenBuilt(stranger, 1)
    const token = await tokenFor(cook, exports[0]!.path)

    const purged = await testApp.api.call(purgeRecipeExports, { as: cook })
    expect(purged.status).toBe(200)
    expect(purged.body).toEqual({ message: '2 exports deleted', error: false })
    expect(await list(cook)).toEqual([])
    expect((await download(token)).status).toBe(404)
    expect(await fs.readdir(path.join(groupMediaDirectory(dataDirectory, cook.groupId), 'exports'))).toEqual([])
    expect(await list(stranger)).toHaveLength(1)
    expect((await testApp.api.ok(purgeRecipeExports, { as: cook })).message).toBe('0 exports deleted')
  })

  it('hides an expired export and its clean-up job deletes row and file', async () => {
    const { cook } = await households()
    const recipe = await testApp.make.recipe({ owner: cook })
    await testApp.api.ok(bulkExportRecipes, { as: cook, body: { recipes: [recipe.slug] } })
    const [made] = await exportsWhenBuilt(cook, 1)
    const file = path.join(dataDirectory, made!.path)
    await fs.access(file)
    // The clean-up is a durable job due when the export expires, a day later.
    const [job] = await testApp.sql`
      select run_after from background_jobs
      where kind = 'recipe-export-expire' and payload->>'exportId' = ${made!.id}`
    expect(Math.abs(new Date(job!.run_after as string).getTime() - Date.parse(made!.expires))).toBeLessThan(1000)

    await testApp.sql`update group_data_exports set expires_at = now() - interval '1 second' where id = ${made!.id}`
    expect(await list(cook)).toEqual([])
    expect((await testApp.api.call(getRecipeExportToken, { as: cook, query: { path: made!.path } })).status).toBe(404)

    await testApp.sql`
      update background_jobs set run_after = now()
      where kind = 'recipe-export-expire' and payload->>'exportId' = ${made!.id}`
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (
        (await fs.access(file).then(
          () => true,
          () => false,
        )) === false
      )
        break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await expect(fs.access(file)).rejects.toThrow()
    const [left] = await testApp.sql`select count(*)::int as count from group_data_exports where id = ${made!.id}`
    expect(left!.count).toBe(0)
  })

  it("removes a deleted group's export files", async () => {
    const admin = await testApp.make.user({ admin: true })
    const group = await testApp.make.group()
    const [row] = await testApp.db
      .insert(groupDataExports)
      .values({ groupId: group.id, name: 'Data Export', sizeBytes: 3, expiresAt: new Date(Date.now() + 60_000) })
      .returning()
    const folder = path.join(groupMediaDirectory(dataDirectory, group.id), 'exports')
    await fs.mkdir(folder, { recursive: true })
    await fs.writeFile(path.join(folder, `${row!.id}.zip`), 'zip')
    expect((await testApp.api.call(adminDeleteGroup, { as: admin, params: { id: group.id } })).status).toBe(200)
    await expect(fs.access(groupMediaDirectory(dataDirectory, group.id))).rejects.toThrow()
  })
})
