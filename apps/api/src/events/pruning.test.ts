import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.js'
import { eventsAfter, latestVersions, publish } from './outbox.js'

const tagEvent = () => ({ type: 'tag.created' as const, document: { tagId: randomUUID(), tagSlug: 'soup' } })

async function until(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}`)
}

describe('the daily pruning of the outbox', () => {
  it('removes events older than the retention, keeps the rest and never reuses a version', async () => {
    const testApp = await createTestApp({ EVENTS_RETENTION_DAYS: '30' })
    const { db, make } = testApp
    const user = await make.user()
    const origin = { groupId: user.groupId, householdId: user.householdId, userId: user.id }
    await db.transaction((tx) => publish(tx, origin, tagEvent(), tagEvent(), tagEvent()))
    await db.execute(sql`update events set created_at = now() - interval '31 days' where version <= 2`)
    // The schedule is first seen when the app starts; move its last slot a day back so that the next check runs it.
    await testApp.app.ready()
    await until(
      async () => (await db.execute(sql`select 1 from job_schedules where key = 'events.prune'`)).length === 1,
      'the schedule to be seen',
    )
    await db.execute(sql`update job_schedules set last_slot = last_slot - interval '1 day' where key = 'events.prune'`)
    await testApp.app.jobs.checkSchedules()
    await until(async () => (await eventsAfter(db, user.groupId, 0, 10)).length === 1, 'the old events to go')

    expect((await eventsAfter(db, user.groupId, 0, 10)).map((event) => event.version)).toEqual([3])
    await db.transaction((tx) => publish(tx, origin, tagEvent()))
    expect((await latestVersions(db, [user.groupId])).get(user.groupId)).toBe(4)
  })
})
