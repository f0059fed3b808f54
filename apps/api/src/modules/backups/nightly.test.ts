import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { createTestApp } from '../../../test/test-app.js'
import { whenDone } from '../../../test/test-database.js'

async function until(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`gave up waiting for ${what}`)
}

describe('the nightly backup', () => {
  it(
    'is written once across two instances, and keeps the BACKUP_KEEP newest nightly backups',
    { timeout: 60_000 },
    async () => {
      const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-nightly-'))
      whenDone(() => fs.rm(dataDirectory, { recursive: true, force: true }))
      const testApp = await createTestApp({ DATA_DIR: dataDirectory, BACKUP_KEEP: '2' })
      const folder = path.join(dataDirectory, 'backups')
      await fs.mkdir(folder, { recursive: true })
      for (const name of ['larder_2020.01.01.03.00.00.zip', 'larder_2020.01.02.03.00.00.zip', 'from-mealie.zip']) {
        await fs.writeFile(path.join(folder, name), 'old')
      }
      // A second instance on the same database and DATA_DIR, taking jobs and checking schedules too.
      const second = await buildApp({
        config: testApp.config,
        db: testApp.db,
        secret: 'second-instance-secret-long-enough-for-hs256',
      })
      whenDone(() => second.close())
      await Promise.all([testApp.app.ready(), second.ready()])
      const { db } = testApp
      await until(
        async () => (await db.execute(sql`select 1 from job_schedules where key = 'backups.nightly'`)).length === 1,
        'the schedule to be seen',
      )
      await db.execute(
        sql`update job_schedules set last_slot = last_slot - interval '1 day' where key = 'backups.nightly'`,
      )
      await Promise.all([testApp.app.jobs.checkSchedules(), second.jobs.checkSchedules()])

      await until(
        async () =>
          (await db.execute(sql`select 1 from background_jobs where kind = 'backups.nightly' and status = 'done'`))
            .length === 1,
        'the nightly backup to be written',
      )
      const jobs = await db.execute(sql`select 1 from background_jobs where kind = 'backups.nightly'`)
      expect(jobs).toHaveLength(1)
      const names = (await fs.readdir(folder)).sort()
      expect(names).toEqual([
        'from-mealie.zip',
        'larder_2020.01.02.03.00.00.zip',
        expect.stringMatching(/^larder_20\d\d\./),
      ])
      expect(names[2]).not.toMatch(/^larder_2020/)
    },
  )
})
