import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { getRecipe, getReport, type Recipe } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, photo, zipOf } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-linked-pictures-${process.pid}`

let testApp: TestApp
let server: http.Server
let origin: string
/** Requests the picture site received, by path, in order. */
const served: string[] = []

beforeAll(async () => {
  // The picture site is on 127.0.0.1, which the outbound guard refuses unless HTTP_ALLOW_LIST lets it through.
  testApp = await createTestApp({ DATA_DIR: dataDirectory, HTTP_ALLOW_LIST: '127.0.0.1' })
  const picture = await photo(640, 480).png().toBuffer()
  let busyAnswers = 0
  server = http.createServer((request, response) => {
    served.push(request.url ?? '')
    if (request.url === '/card.png' || (request.url === '/busy.png' && busyAnswers++ > 0)) {
      response.writeHead(200, { 'content-type': 'image/png' })
      return response.end(picture)
    }
    if (request.url === '/busy.png') {
      // Busy the first time: a site that may answer later.
      response.writeHead(503)
      return response.end()
    }
    if (request.url === '/page.png') {
      response.writeHead(200, { 'content-type': 'image/png' })
      return response.end('<html><body>Sign in to see this picture</body></html>')
    }
    response.writeHead(404)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

const csvField = (value: string) => `"${value.replaceAll('"', '""')}"`

/** A Plan to Eat export: a zip holding one CSV, a recipe per row, each pointing at its picture by URL. */
function planToEatExport(rows: Array<{ title: string; photoUrl: string }>) {
  const header = 'Title,Ingredients,Directions,Photo Url'
  const lines = rows.map((row) => [row.title, '1 egg', 'Cook it.', row.photoUrl].map(csvField).join(','))
  return zipOf([['plantoeat.csv', [header, ...lines].join('\n')]])
}

async function migrate(as: User, archive: Buffer) {
  const form = multipartForm([
    { name: 'migration_type', value: 'plantoeat' },
    { name: 'archive', fileName: 'plantoeat.zip', content: archive, contentType: 'application/zip' },
  ])
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/groups/migrations',
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ id: string; status: string }>()
}

/** Waits until no background job is queued or running (the retry backoff included). */
async function jobsSettled() {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const [row] =
      await testApp.sql`select count(*)::int as count from background_jobs where status in ('queued', 'running')`
    if (row!.count === 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the background jobs did not finish within 30 s')
}

const reportOf = (as: User, id: string) => testApp.api.ok(getReport, { as, params: { id } })

async function recipeNamed(as: User, name: string): Promise<Recipe> {
  const [row] = await testApp.sql<
    { slug: string }[]
  >`select slug from recipes where user_id = ${as.id} and name = ${name}`
  return testApp.api.ok(getRecipe, { as, params: { slug: row!.slug } })
}

const pictureOnDisk = (recipe: Recipe) =>
  fs.stat(path.join(recipeImagesDirectory(dataDirectory, recipe.id), 'original.webp')).then(
    () => true,
    () => false,
  )

describe('pictures a migrated export only links to', () => {
  it('are downloaded after the commit, a busy site tried again, and a dead one reported without failing the recipe', async () => {
    const user = await testApp.make.user()
    const summary = await migrate(
      user,
      await planToEatExport([
        { title: 'Card soup', photoUrl: `${origin}/card.png` },
        { title: 'Busy bread', photoUrl: `${origin}/busy.png` },
        { title: 'Gone stew', photoUrl: `${origin}/gone.png` },
        { title: 'Page pie', photoUrl: `${origin}/page.png` },
      ]),
    )
    // The migration answers when its transaction commits; the pictures come afterwards, one durable job each.
    expect(summary.status).toBe('success')
    const jobs = await testApp.sql`select kind from background_jobs where kind = 'migration-linked-picture'`
    expect(jobs.length).toBeGreaterThanOrEqual(4)

    await jobsSettled()

    const card = await recipeNamed(user, 'Card soup')
    expect(card.image).toMatch(/^[A-Za-z0-9_-]{4}$/)
    expect(await pictureOnDisk(card)).toBe(true)
    // 503 the first time, the picture on the next try.
    const bread = await recipeNamed(user, 'Busy bread')
    expect(bread.image).not.toBeNull()
    expect(served.filter((url) => url === '/busy.png')).toHaveLength(2)
    // A 404 is not tried again; the recipe stays, without a picture.
    const stew = await recipeNamed(user, 'Gone stew')
    expect([stew.image, await pictureOnDisk(stew)]).toEqual([null, false])
    expect(served.filter((url) => url === '/gone.png')).toHaveLength(1)
    const pie = await recipeNamed(user, 'Page pie')
    expect(pie.image).toBeNull()

    // The report still says every recipe was imported, and says which came without its picture, and why.
    const report = await reportOf(user, summary.id)
    expect(report.status).toBe('success')
    expect(report.entries.map((entry) => [entry.success, entry.message])).toEqual([
      [true, 'Imported Card soup successfully'],
      [true, 'Imported Busy bread successfully'],
      [
        true,
        `Imported Gone stew successfully (without a picture: its picture could not be downloaded (${origin}/gone.png answered 404))`,
      ],
      [true, 'Imported Page pie successfully (without a picture: its picture is not readable)'],
    ])
  }, 60_000)

  it('are tried again later when their site cannot be reached, the report unchanged meanwhile', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((resolve) => closed.close(resolve))

    const user = await testApp.make.user()
    const summary = await migrate(
      user,
      await planToEatExport([{ title: 'Closed cake', photoUrl: `${closedOrigin}/cake.png` }]),
    )
    let job: { status: string; attempts: number; lastError: string | null } | undefined
    for (let waited = 0; waited < 15_000; waited += 100) {
      ;[job] = await testApp.sql<{ status: string; attempts: number; lastError: string | null }[]>`
        select status, attempts, last_error as "lastError" from background_jobs
        where kind = 'migration-linked-picture' and payload->>'recipeName' = 'Closed cake'`
      if (job && job.attempts >= 1 && job.status === 'queued') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Queued again after the refused connection, with attempts left (five in all, about half a minute).
    expect(job).toMatchObject({ status: 'queued' })
    expect(job!.attempts).toBeLessThan(5)
    expect(job!.lastError).toMatch(/could not be reached/)
    expect((await reportOf(user, summary.id)).entries[0]!.message).toBe('Imported Closed cake successfully')
    // Nothing left for the app's shutdown to wait for.
    await testApp.sql`update background_jobs set status = 'done' where kind = 'migration-linked-picture'`
  })
})
