import { adminCountJobs, adminListJobs, adminRetryJob } from '@larder/contracts'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { backgroundJobs } from '../../db/schema/index.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

describe('the administrators’ view of background jobs', () => {
  let testApp: TestApp
  let admin: Awaited<ReturnType<TestApp['make']['user']>>
  let failedId: string
  let queuedId: string

  beforeAll(async () => {
    testApp = await createTestApp()
    admin = await testApp.make.user({ admin: true })
    const rows = await testApp.db
      .insert(backgroundJobs)
      .values([
        { kind: 'recipe-import-url', status: 'failed', attempts: 3, lastError: 'The site answered 503' },
        { kind: 'recipe-export-build', status: 'queued', runAfter: sql`now() + interval '1 hour'` },
        { kind: 'recipe-export-build', status: 'done', attempts: 1 },
      ])
      .returning({ id: backgroundJobs.id })
    failedId = rows[0]!.id
    queuedId = rows[1]!.id
  })

  it('lists jobs with their state and the reason of a failure, filtered as every list is', async () => {
    const failed = (await testApp.api.call(adminListJobs, { query: { queryFilter: 'status = "failed"' }, as: admin }))
      .body
    expect(failed.items).toEqual([
      expect.objectContaining({ id: failedId, status: 'failed', attempts: 3, lastError: 'The site answered 503' }),
    ])
    const all = (await testApp.api.call(adminListJobs, { as: admin })).body
    expect(all.total).toBeGreaterThanOrEqual(3)
    expect(all.items[0]).not.toHaveProperty('payload')
  })

  it('counts jobs by state', async () => {
    const counts = (await testApp.api.call(adminCountJobs, { as: admin })).body
    expect(counts).toMatchObject({ failed: 1, done: 1 })
    expect(counts.queued).toBeGreaterThanOrEqual(1)
  })

  it('queues a failed job again with its attempts counted afresh, and refuses any other', async () => {
    const retried = (await testApp.api.call(adminRetryJob, { params: { id: failedId }, as: admin })).body
    expect(retried).toMatchObject({ id: failedId, status: 'queued', attempts: 0, lastError: 'The site answered 503' })
    const again = await testApp.api.call(adminRetryJob, { params: { id: queuedId }, as: admin })
    expect(again.status).toBe(409)
    expect(again.text).toContain('Only a failed job can be retried; this one is queued')
    const unknown = await testApp.api.call(adminRetryJob, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      as: admin,
    })
    expect(unknown.status).toBe(404)
  })
})
