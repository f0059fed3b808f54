import fs from 'node:fs/promises'
import { getHealth } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, zipOf } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

/**
 * The exports that are HTML pages (Copy Me That, Recipe Keeper) are read in a page-reading thread within the page
 * budget (issue #30): a 1.8 KB zip of nested <div>s once kept the server from answering anything for minutes.
 */

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-html-exports-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function migrate(user: User, type: string, archive: Buffer) {
  const form = multipartForm([
    { name: 'migration_type', value: type },
    { name: 'archive', fileName: 'export.zip', content: archive, contentType: 'application/zip' },
  ])
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/groups/migrations',
    headers: { ...form.headers, authorization: testApp.api.authorization(user) },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json<{ detail?: { message: string } }>() }
}

async function nothingWritten(user: User) {
  const [counts] = await testApp.sql<{ recipes: number; reports: number }[]>`
    select (select count(*)::int from recipes where user_id = ${user.id}) as recipes,
           (select count(*)::int from group_reports where group_id = ${user.groupId}) as reports`
  expect(counts).toEqual({ recipes: 0, reports: 0 })
}

/** 100,000 nested <div>s inside the export's recipe block: about 2 KB zipped. */
const nestedDivs = (recipeClass: string) =>
  `<html><body><div class="${recipeClass}"><h2 itemprop="name" id="name">Deep</h2>${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}</div></body></html>`

describe('POST /api/groups/migrations with hostile HTML exports', () => {
  it.each([
    ['copymethat', 'recipe'],
    ['recipekeeper', 'recipe-details'],
  ])(
    'refuses %s pages past the budget with 400, writes nothing, and health answers meanwhile',
    async (type, block) => {
      const user = await testApp.make.user()
      const archive = await zipOf([[`${type}/recipes.html`, nestedDivs(block)]])
      expect(archive.length).toBeLessThan(4096)
      await testApp.api.call(getHealth)
      const migration = migrate(user, type, archive)
      let settled = false
      void migration.finally(() => (settled = true))
      const times: number[] = []
      while (!settled) {
        const started = performance.now()
        expect((await testApp.api.call(getHealth)).status).toBe(200)
        times.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const answer = await migration
      expect(answer.status).toBe(400)
      expect(answer.body.detail?.message).toBe('This page is too complex to read')
      await nothingWritten(user)
      // Read on the request thread, this page held every request for minutes; a loaded test machine may be late
      // now and then, never by seconds.
      expect(Math.max(...times)).toBeLessThan(1000)
    },
    120_000,
  )
})
