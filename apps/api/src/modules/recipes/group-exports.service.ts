import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { GroupDataExport } from '@larder/contracts'
import { z } from 'zod'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, conflict, notFound } from '../../http/errors.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { prettySize } from '../../lib/file-size.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import { groupExportRelativePath, groupExportsDirectory, groupMediaDirectory } from '../../lib/media-paths.js'
import { groupExportRepo, type GroupDataExportRow } from './group-exports.repo.js'
import { recipesZip } from './recipes-zip.js'

/** Mealie's exports expire a day after they are made; Larder deletes them then. */
const lifetimeMs = 24 * 60 * 60 * 1000

/** A bulk export to build: the recipes checked when it was asked for, read in the asker's scope when it runs. */
const buildJob = defineJob({
  kind: 'recipe-export-build',
  payload: z.object({
    exportId: z.uuid(),
    scope: z.object({ groupId: z.uuid(), householdId: z.uuid(), userId: z.uuid() }),
    recipeIds: z.array(z.uuid()),
  }),
})
type BuildJob = z.output<typeof buildJob.payload>

/** An export's files and row, removed when it expires. */
const expireJob = defineJob({
  kind: 'recipe-export-expire',
  payload: z.object({ exportId: z.uuid(), groupId: z.uuid() }),
})

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** The only shape an export's `path` has (groupExportRelativePath); anything else never names an export. */
const exportPathPattern = new RegExp(`^media/groups/(${uuid})/exports/(${uuid})\\.zip$`, 'i')

/**
 * A group's recipe exports (docs/mealie-compatibility.md "Recipe bulk actions"): a bulk export enqueues a durable job in the request's transaction; the
 * job zips the recipes into DATA_DIR/media/groups/<groupId>/exports/<id>.zip (a temporary file renamed into place)
 * and stores the row, together with a second job due when the export expires, a day later, which deletes row and
 * file. The list, the download token and the purge are the whole group's, as Mealie has them; a download token names
 * a file made from the ids of an export row of the caller's group, never a path taken from the request.
 */
export function createGroupExportService(deps: {
  db: Database
  jobs: JobRunner
  fileTokens: FileTokens
  dataDirectory: string
}) {
  const { db, jobs, fileTokens, dataDirectory } = deps
  const fileOf = (groupId: string, exportId: string) =>
    path.join(dataDirectory, groupExportRelativePath(groupId, exportId))

  const removeFiles = (groupId: string, exportIds: readonly string[]) =>
    Promise.all(exportIds.map((id) => fs.rm(fileOf(groupId, id), { force: true })))

  /** Marks the export ended and, when this run ended it, enqueues its clean-up for when it expires. */
  const finish = (
    job: BuildJob,
    outcome: { status: 'ready'; sizeBytes: number } | { status: 'failed'; error: string },
  ): Promise<boolean> =>
    inTransaction(db, async (tx) => {
      const expiresAt = new Date(Date.now() + lifetimeMs)
      if (!(await groupExportRepo.finishBuilding(tx, job.scope, job.exportId, { ...outcome, expiresAt }))) return false
      const expire = { exportId: job.exportId, groupId: job.scope.groupId }
      await jobs.enqueue(tx, expireJob, expire, { runAfter: expiresAt })
      return true
    })

  /** What the list shows of a failure: the error's own words, without where DATA_DIR lies on the server. */
  const failureReason = (error: unknown) =>
    (error instanceof Error ? error.message : String(error)).replaceAll(dataDirectory, 'DATA_DIR').slice(0, 500)

  jobs.handle(buildJob, async (job, { lastAttempt }) => {
    // A run after the build ended (its instance stopped before marking the job done), or after the group dismissed
    // the export, has nothing to do.
    const row = await groupExportRepo.findCurrent(db, job.scope, job.exportId, new Date(0))
    if (row?.status !== 'building') return
    const directory = groupExportsDirectory(dataDirectory, job.scope.groupId)
    const file = fileOf(job.scope.groupId, job.exportId)
    const temporary = path.join(directory, `.${job.exportId}.${randomUUID()}.part`)
    try {
      await fs.mkdir(directory, { recursive: true })
      const recipes = await groupExportRepo.recipesToZip(db, job.scope, job.recipeIds)
      await pipeline(
        await recipesZip(db, job.scope, recipes, dataDirectory),
        createWriteStream(temporary, { flags: 'wx' }),
      )
      const { size } = await fs.stat(temporary)
      await fs.rename(temporary, file)
      if (!(await finish(job, { status: 'ready', sizeBytes: size }))) await fs.rm(file, { force: true })
    } catch (error) {
      // The clean-up fails too when the folder itself is the problem; that must not keep the failure unrecorded.
      await Promise.allSettled([fs.rm(temporary, { force: true }), lastAttempt && fs.rm(file, { force: true })])
      // Recorded where the group sees it: the list shows the failure instead of a build that never ends.
      if (lastAttempt) await finish(job, { status: 'failed', error: failureReason(error) })
      throw error
    }
  })

  jobs.handle(expireJob, async (job) => {
    if (await groupExportRepo.deleteExpired(db, job, job.exportId, new Date()))
      await removeFiles(job.groupId, [job.exportId])
  })

  const enqueueBuild = (tx: Executor, caller: Caller, exportId: string, recipeIds: readonly string[]) => {
    const job: BuildJob = {
      exportId,
      scope: { groupId: caller.groupId, householdId: caller.householdId, userId: caller.userId },
      recipeIds: [...recipeIds],
    }
    return jobs.enqueue(tx, buildJob, job)
  }

  const wireOf = (row: GroupDataExportRow): GroupDataExport => ({
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    filename: `${row.id}.zip`,
    path: groupExportRelativePath(row.groupId, row.id),
    size: prettySize(row.sizeBytes),
    expires: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    error: row.error,
  })

  return {
    /** Lists the export as building and enqueues its build in the caller's transaction: a request that fails after
     * this starts nothing. */
    async enqueue(tx: Executor, caller: Caller, recipeIds: readonly string[]): Promise<void> {
      const exportId = randomUUID()
      await groupExportRepo.insertBuilding(tx, caller, {
        id: exportId,
        recipeIds: [...recipeIds],
        expiresAt: new Date(Date.now() + lifetimeMs),
      })
      await enqueueBuild(tx, caller, exportId, recipeIds)
    },

    /** Builds a failed export again, under the same id, from the recipes it was asked for. */
    async retry(caller: Caller, exportId: string): Promise<null> {
      await inTransaction(db, async (tx) => {
        const expiresAt = new Date(Date.now() + lifetimeMs)
        const recipeIds = await groupExportRepo.restartFailed(tx, caller, exportId, expiresAt)
        if (recipeIds === null) {
          if (await groupExportRepo.findCurrent(tx, caller, exportId, new Date()))
            throw conflict('Only a failed export can be built again')
          throw notFound('Export not found')
        }
        await enqueueBuild(tx, caller, exportId, recipeIds)
      })
      return null
    },

    /** Dismisses one export, whatever its state: a build still running finds it gone and stores nothing. */
    async remove(caller: Caller, exportId: string): Promise<{ message: string; error: false }> {
      const deleted = await inTransaction(db, (tx) => groupExportRepo.delete(tx, caller, exportId))
      if (deleted.length === 0) throw notFound('Export not found')
      await removeFiles(caller.groupId, deleted)
      return { message: 'Export deleted', error: false }
    },

    async list(caller: Caller): Promise<GroupDataExport[]> {
      return (await groupExportRepo.listCurrent(db, caller, new Date())).map(wireOf)
    },

    /** A download token for one of the group's current exports, named by the `path` its list showed. */
    async downloadToken(caller: Caller, exportPath: string): Promise<{ fileToken: string }> {
      const match = exportPathPattern.exec(exportPath)
      if (!match) throw badRequest('The path does not name an export')
      const [, groupId, exportId] = match as unknown as [string, string, string]
      const row =
        groupId.toLowerCase() === caller.groupId
          ? await groupExportRepo.findCurrent(db, caller, exportId.toLowerCase(), new Date())
          : null
      if (row?.status !== 'ready') throw notFound('Export not found')
      return { fileToken: fileTokens.issue(groupExportRelativePath(row.groupId, row.id)) }
    },

    async purge(caller: Caller): Promise<{ message: string; error: false }> {
      const deleted = await inTransaction(db, (tx) => groupExportRepo.delete(tx, caller))
      await removeFiles(caller.groupId, deleted)
      return { message: `${deleted.length} exports deleted`, error: false }
    },

    /** After a group is deleted (its rows go by cascade): its folder of files. */
    async removeGroupFiles(groupId: string): Promise<void> {
      await fs.rm(groupMediaDirectory(dataDirectory, groupId), { recursive: true, force: true })
    },
  }
}

export type GroupExportService = ReturnType<typeof createGroupExportService>
