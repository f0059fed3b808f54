import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import type { ArchiveLimits } from '../../lib/safe-zip.js'
import { version } from '../../version.js'
import type { BackupPoint } from './backup-archive.js'
import { recoverInterruptedRestore } from './media-swap.js'
import { createRestoreService, type RestorePoint } from './restore.service.js'
import { registerBackupRoutes } from './routes.js'
import { createBackupService, type ArchiveConverter } from './service.js'
import { restoreCommitted } from './tables.repo.js'

export type { DatabaseDump, DumpMedia, DumpRow } from './database-dump.js'
export type { RestoreReport, TableReport, DumpMediaSource, RestoreService } from './restore.service.js'
export type { ArchiveConverter, BackupService } from './service.js'

const nightlyBackup = defineJob({ kind: 'backups.nightly', payload: z.object({}), maxAttempts: 2 })

/**
 * Backups and restore (`/api/admin/backups`, issue 33): Larder's own archives, written whole or not at all, a
 * nightly one kept BACKUP_KEEP deep, and the one restore every backup goes through (restore.service.ts), which
 * cannot leave the library half replaced. On start, a restore a killed process left half done is finished or undone
 * before anything is served.
 */
export function createBackupsModule(deps: {
  config: Config
  db: Database
  jobs: JobRunner
  fileTokens: FileTokens
  log: (message: string, error?: unknown) => void
  /** Turns a foreign backup (Mealie's) into a dump; see service.ts. */
  convertArchive?: ArchiveConverter
  /** Tests: hold a restore or a backup at a point. */
  pauseAt?: (point: RestorePoint | BackupPoint) => Promise<void>
  /** Tests: smaller archive limits. */
  archiveLimits?: ArchiveLimits
}) {
  const { config, db } = deps
  const dataDirectory = config.dataDirectory
  const restore = createRestoreService({ db, dataDirectory, log: deps.log, pauseAt: deps.pauseAt })
  const service = createBackupService({
    db,
    dataDirectory,
    version,
    fileTokens: deps.fileTokens,
    restore,
    log: deps.log,
    convertArchive: deps.convertArchive,
    pauseAt: deps.pauseAt,
    archiveLimits: deps.archiveLimits,
  })

  if (config.BACKUP_KEEP > 0) {
    deps.jobs.handle(nightlyBackup, async () => {
      await service.createNow()
      await service.prune(config.BACKUP_KEEP)
    })
    // A schedule slot is claimed once across instances (jobs/job-runner.ts): one backup a night, whoever runs.
    deps.jobs.schedule({
      name: nightlyBackup.kind,
      job: nightlyBackup,
      targets: () => [{ key: '', cadence: { dailyAt: '03:00', timeZone: config.TZ }, payload: {} }],
    })
  }

  async function recover() {
    const outcome = await recoverInterruptedRestore(dataDirectory, (id) => restoreCommitted(db, id))
    if (outcome) deps.log(`start-up: ${outcome}`)
    const partials = await service.removePartials()
    if (partials.length > 0) deps.log(`start-up: removed unfinished backups ${partials.join(', ')}`)
  }

  return {
    service,
    restore,
    /** For tests and the start: what `onReady` runs. */
    recover,
    registerRoutes: (app: FastifyInstance) => {
      app.addHook('onReady', recover)
      registerBackupRoutes(app, service)
    },
  }
}

export type BackupsModule = ReturnType<typeof createBackupsModule>
