/**
 * A backup or a restore in a process of its own, for the fault tests (modules/backups/faults.test.ts): it runs the
 * real module against the test's database and DATA_DIR and, at the point PAUSE_AT names, says so on stdout and
 * waits for the test to kill it. Run with `node --import tsx`.
 *
 * Environment: DATABASE_URL, DATA_DIR, MODE (`backup` | `restore`), FILE (the backup to restore), PAUSE_AT.
 */
import { connectDatabase } from '../../src/db/client.js'
import { loadConfig } from '../../src/config.js'
import { createJobRunner } from '../../src/jobs/job-runner.js'
import { createFileTokens } from '../../src/lib/file-tokens.js'
import { createBackupsModule } from '../../src/modules/backups/index.js'

const { DATABASE_URL, DATA_DIR, MODE, FILE, PAUSE_AT } = process.env
const connection = connectDatabase(DATABASE_URL!, { maxConnections: 2 })
const log = (message: string, error?: unknown) => console.error(message, error ?? '')
const backups = createBackupsModule({
  config: loadConfig({ DATA_DIR: DATA_DIR!, LOG_LEVEL: 'silent' }),
  db: connection.db,
  jobs: createJobRunner({ db: connection.db, log }),
  fileTokens: createFileTokens({ sign: () => '', verify: () => null }),
  log,
  pauseAt: async (point) => {
    if (point !== PAUSE_AT) return
    process.stdout.write(`paused at ${point}\n`)
    await new Promise(() => {})
  },
})

if (MODE === 'backup') await backups.service.createNow()
else await backups.service.restore(FILE!)
process.stdout.write('done\n')
await connection.close()
