import fs from 'node:fs/promises'
import type { ReportOut } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, photo, zipOf } from '../../../test/media-helpers.js'
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-migration-queue-${process.pid}`
let testApp: TestApp
let secondApp: FastifyInstance
let picture: Buffer

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
  secondApp = (await createSecondInstance(testApp)).app
  picture = await photo(320, 240).jpeg().toBuffer()
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function migrate(as: User, archive: Buffer, app: FastifyInstance = testApp.app) {
  const form = multipartForm([
    { name: 'migration_type', value: 'nextcloud' },
    { name: 'archive', fileName: 'export.zip', content: archive, contentType: 'application/zip' },
  ])
  const response = await app.inject({
    method: 'POST',
    url: '/api/groups/migrations',
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json() }
}

const nextcloudExport = (prefix: string, count: number) =>
  zipOf(
    Array.from({ length: count }, (_item, index) => [
      [`${prefix} ${index}/recipe.json`, JSON.stringify({ name: `${prefix} ${index}`, recipeIngredient: ['1 egg'] })],
      [`${prefix} ${index}/full.jpg`, picture],
    ]).flat() as Array<[string, Buffer | string]>,
  )

async function reportsOf(as: User): Promise<ReportOut[]> {
  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { authorization: testApp.api.authorization(as) } })
  const summaries = (await get('/api/groups/reports?report_type=migration')).json<Array<{ id: string }>>()
  return Promise.all(summaries.map(async ({ id }) => (await get(`/api/groups/reports/${id}`)).json<ReportOut>()))
}

/** When each migration report of the group held its turn, in the order they ran. */
async function turnsOf(groupId: string) {
  return testApp.sql<{ started: number; finished: number; status: string }[]>`
    select extract(epoch from started_at) as started, extract(epoch from updated_at) as finished, status
    from group_reports
    where group_id = ${groupId} and category = 'migration' order by started_at`
}

/** Another instance's migration of the group, running: a report that holds the turn and keeps its heartbeat. */
async function runningElsewhere(groupId: string, heartbeat = 'now()') {
  const [row] = await testApp.sql<{ id: string }[]>`
    insert into group_reports (group_id, name, category, status, started_at, updated_at)
    values (${groupId}, 'Nextcloud Migration', 'migration', 'in-progress', now(), ${testApp.sql.unsafe(heartbeat)})
    returning id`
  return row!.id
}

describe('one migration per group at a time', () => {
  it('runs parallel migrations of one group one after another, across two instances, each whole', async () => {
    const user = await testApp.make.user()
    const other = await testApp.make.user()
    const archive = await nextcloudExport('Queued', 4)
    const answers = await Promise.all([
      ...[testApp.app, secondApp, testApp.app, secondApp].map((app) => migrate(user, archive, app)),
      ...[testApp.app, secondApp].map((app) => migrate(other, archive, app)),
    ])
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual(Array(6).fill([200, 'success']))
    const [count] = await testApp.sql<{ recipes: number }[]>`
      select count(*)::int as recipes from recipes where group_id = ${user.groupId}`
    expect(count?.recipes).toBe(16)
    const turns = await turnsOf(user.groupId)
    expect(turns).toHaveLength(4)
    for (const [index, turn] of turns.entries()) {
      if (index > 0) expect(Number(turn.started)).toBeGreaterThanOrEqual(Number(turns[index - 1]!.finished))
    }
    // The finished reports read as Mealie's: one entry per recipe, no progress line left.
    for (const report of await reportsOf(user)) {
      expect(report.entries.map((entry) => entry.message)).toEqual(
        [0, 1, 2, 3].map((index) => `Imported Queued ${index} successfully`),
      )
    }
  })

  it('waits, shown in its report, while another instance runs one for the group, then imports', async () => {
    const user = await testApp.make.user()
    const elsewhere = await runningElsewhere(user.groupId)
    const answer = migrate(user, await nextcloudExport('Patient', 2))
    let waiting: ReportOut | undefined
    for (let attempt = 0; attempt < 200 && !waiting; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      waiting = (await reportsOf(user)).find((report) => report.id !== elsewhere && report.entries.length > 0)
    }
    expect(waiting?.status).toBe('in-progress')
    expect(waiting?.entries.map((entry) => entry.message)).toEqual([
      'Waiting for the group’s other migration to finish',
    ])
    await new Promise((resolve) => setTimeout(resolve, 300))
    const [stillNone] = await testApp.sql<{ recipes: number }[]>`
      select count(*)::int as recipes from recipes where group_id = ${user.groupId}`
    expect(stillNone?.recipes).toBe(0)
    await testApp.sql`update group_reports set status = 'success' where id = ${elsewhere}`
    const finished = await answer
    expect([finished.status, finished.body.status]).toEqual([200, 'success'])
    expect(finished.body.id).toBe(waiting?.id)
  })

  it('takes the turn of an instance that died (no heartbeat for 30 s)', async () => {
    const user = await testApp.make.user()
    await runningElsewhere(user.groupId, "now() - interval '31 seconds'")
    const started = performance.now()
    const answer = await migrate(user, await nextcloudExport('Orphaned', 1))
    expect([answer.status, answer.body.status]).toEqual([200, 'success'])
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
