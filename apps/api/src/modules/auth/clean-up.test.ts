import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

async function until(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}`)
}

describe('the hourly auth clean-up job', () => {
  it('forgets stale counts of unknown logins and revocations of expired sessions, and keeps the rest', async () => {
    const testApp = await createTestApp({ SECURITY_USER_LOCKOUT_TIME: '1' })
    await testApp.db.execute(sql`
      insert into sign_in_failures (login_hash, failed_login_attempts, updated_at) values
        ('stale', 3, now() - interval '2 hours'), ('recent', 3, now() - interval '10 minutes')`)
    await testApp.db.execute(sql`
      insert into revoked_sessions (token_hash, expires_at) values
        ('expired', now() - interval '1 minute'), ('live', now() + interval '1 day')`)
    // The schedule is first seen when the app starts; its next slot is an hour on: move the last one back.
    await testApp.app.ready()
    await until(
      async () => (await testApp.db.execute(sql`select 1 from job_schedules where key = 'auth.clean-up'`)).length === 1,
      'the schedule to be seen',
    )
    await testApp.db.execute(
      sql`update job_schedules set last_slot = last_slot - interval '1 hour' where key = 'auth.clean-up'`,
    )
    await testApp.app.jobs.checkSchedules()
    const keys = async () => {
      const rows = await testApp.db.execute<{ key: string }>(sql`
        select login_hash as key from sign_in_failures union all select token_hash from revoked_sessions`)
      return rows.map((row) => row.key).toSorted()
    }
    await until(async () => (await keys()).length === 2, 'the clean-up to run')
    expect(await keys()).toEqual(['live', 'recent'])
  })
})
