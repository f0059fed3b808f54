import fs from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import type { ReportOut } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, zipOf } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { overlappingZipBomb } from '../../../test/zip-bomb.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-hostile-archives-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function upload(url: string, as: User, fields: Record<string, string>, archive: Buffer) {
  const form = multipartForm([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'archive', fileName: 'export.zip', content: archive, contentType: 'application/zip' },
  ])
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, authorization: testApp.api.authorization(as) },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json() }
}

/** The highest resident memory seen while `work` runs, above what it was when it started. */
async function peakGrowth<Result>(work: () => Promise<Result>): Promise<{ result: Result; megabytes: number }> {
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2)
  try {
    const result = await work()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { result, megabytes: (peak - before) / (1024 * 1024) }
  } finally {
    clearInterval(sampler)
  }
}

describe('hostile archives', () => {
  it('refuses a zip bomb of overlapping entries with 413, never holding what it inflates', async () => {
    const user = await testApp.make.user()
    // 90 entries of 30 MB each (2.6 GB) in about 40 KB; fewer than a recipe zip's 100 files.
    const bomb = overlappingZipBomb(90, 30 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(400 * 1024)
    for (const [url, fields] of [
      ['/api/groups/migrations', { migration_type: 'nextcloud' }],
      ['/api/recipes/create/zip', {}],
    ] as const) {
      const { result, megabytes } = await peakGrowth(() => upload(url, user, fields, bomb))
      expect(result.status, JSON.stringify(result.body)).toBe(413)
      expect(result.body.detail.message).toMatch(/unpacks to more than/)
      expect(megabytes, url).toBeLessThan(150)
    }
    const [count] = await testApp.sql<{ reports: number }[]>`
      select count(*)::int as reports from group_reports where group_id = ${user.groupId}`
    expect(count?.reports).toBe(0)
  })

  it('refuses one entry that inflates past 32 MB by its count, not by its header', async () => {
    const user = await testApp.make.user()
    const honest = await zipOf([['Bomb/recipe.json', Buffer.alloc(40 * 1024 * 1024, 0x20)]])
    const { result, megabytes } = await peakGrowth(() =>
      upload('/api/groups/migrations', user, { migration_type: 'nextcloud' }, honest),
    )
    expect(result.status).toBe(413)
    expect(result.body.detail.message).toMatch(/Bomb\/recipe.json unpacks to more than 32 MB/)
    expect(megabytes).toBeLessThan(150)
  })
})

describe('a Paprika record that inflates past the limit', () => {
  it('is a failed report entry that says why, the others imported, never held whole', async () => {
    const user = await testApp.make.user()
    const member = (record: Record<string, unknown>) => gzipSync(JSON.stringify(record))
    const bomb = member({ name: 'Bomb', notes: 'a'.repeat(40 * 1024 * 1024) })
    expect(bomb.length).toBeLessThan(100 * 1024)
    const archive = await zipOf([
      ['Export/soup.paprikarecipe', member({ name: 'Good Soup', ingredients: '1 egg' })],
      ['Export/bomb.paprikarecipe', bomb],
    ])
    const { result, megabytes } = await peakGrowth(() =>
      upload('/api/groups/migrations', user, { migration_type: 'paprika' }, archive),
    )
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body.status).toBe('partial')
    expect(megabytes).toBeLessThan(150)
    const report = await reportOf(user, result.body.id)
    expect(report.entries.map(({ success, message, exception }) => ({ success, message, exception }))).toEqual([
      { success: true, message: 'Imported Good Soup successfully', exception: '' },
      {
        success: false,
        message: 'Failed to import bomb.paprikarecipe',
        exception: 'Error: Export/bomb.paprikarecipe unpacks to more than 32 MB',
      },
    ])
  })
})

async function reportOf(as: User, id: string): Promise<ReportOut> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/groups/reports/${id}`,
    headers: { authorization: testApp.api.authorization(as) },
  })
  return response.json()
}

describe('text in files that no column can store', () => {
  it('makes each bad recipe of a migration a failed report entry, the rest imported', async () => {
    const user = await testApp.make.user()
    const archive = await zipOf([
      ['Good/recipe.json', JSON.stringify({ name: 'Good Soup', recipeIngredient: ['1 egg'] })],
      ['Named/recipe.json', JSON.stringify({ name: 'Bad\u0000Name', recipeIngredient: ['1 egg'] })],
      ['Lone/recipe.json', JSON.stringify({ name: 'Stew', description: 'half a pair \ud800' })],
      // Not JSON: the parser's complaint quotes the NUL it met.
      ['Broken/recipe.json', '{"name": "x"\u0000}'],
      [
        'Steps/recipe.json',
        `{"name":"Deep","recipeInstructions":${'{"itemListElement":['.repeat(5_000)}${']}'.repeat(5_000)}}`,
      ],
    ])
    const answer = await upload('/api/groups/migrations', user, { migration_type: 'nextcloud' }, archive)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.status).toBe('partial')
    const report = await reportOf(user, answer.body.id)
    const failed = report.entries.filter((entry) => !entry.success)
    expect(failed).toHaveLength(4)
    for (const entry of report.entries) {
      const text = `${entry.message} ${entry.exception}`
      expect(text.includes('\u0000') || /[\ud800-\udfff]/.test(text)).toBe(false)
    }
    expect(failed.map((entry) => entry.message)).toContain('Failed to import Bad\uFFFDName')
    expect(report.entries.filter((entry) => entry.success).map((entry) => entry.message)).toEqual([
      'Imported Good Soup successfully',
    ])
  })

  it('refuses a recipe zip whose JSON holds a NUL or nests too deep with 400, writing nothing', async () => {
    const user = await testApp.make.user()
    for (const json of [
      JSON.stringify({ name: 'Bad\u0000Name' }),
      `{"name":"Deep","extras":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
      `{"name":"Deep","recipe_instructions":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    ]) {
      const answer = await upload('/api/recipes/create/zip', user, {}, await zipOf([['soup.json', json]]))
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.detail.message).toMatch(/cannot be stored/)
    }
    const [count] = await testApp.sql<{ recipes: number }[]>`
      select count(*)::int as recipes from recipes where user_id = ${user.id}`
    expect(count?.recipes).toBe(0)
  })
})
