import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { GroupDataExport } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import { prettySize } from '../../lib/file-size.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import { groupExportRelativePath, groupExportsDirectory, groupMediaDirectory } from '../../lib/media-paths.js'
import { groupExportRepo, type GroupDataExportRow } from './group-exports.repo.js'
import { recipesZip } from './recipes-zip.js'

const buildJobKind = 'recipe-export-build'
const expireJobKind = 'recipe-export-expire'
/** Mealie's exports expire a day after they are made; Larder deletes them then. */
const lifetimeMs = 24 * 60 * 60 * 1000

/** A bulk export to build: the recipes checked when it was asked for, read in the asker's scope when it runs. */
interface BuildJob {
  exportId: string
  scope: Scope
  recipeIds: string[]
}

interface ExpireJob {
  exportId: string
  groupId: string
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** The only shape an export's `path` has (groupExportRelativePath); anything else never names an export. */
const exportPathPattern = new RegExp(`^media/groups/(${uuid})/exports/(${uuid})\\.zip$`, 'i')

/**
 * A group's recipe exports (reference §2.7.7): a bulk export enqueues a durable job in the request's transaction; the
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

  jobs.handle(buildJobKind, async (payload, { lastAttempt }) => {
    const job = payload as BuildJob
    // A run after the export was stored (its instance stopped before marking the job done) has nothing to do.
    if (await groupExportRepo.findCurrent(db, job.scope, job.exportId, new Date(0))) return
    const directory = groupExportsDirectory(dataDirectory, job.scope.groupId)
    const file = fileOf(job.scope.groupId, job.exportId)
    const temporary = path.join(directory, `.${job.exportId}.${randomUUID()}.part`)
    await fs.mkdir(directory, { recursive: true })
    try {
      const recipes = await groupExportRepo.recipesToZip(db, job.scope, job.recipeIds)
      await pipeline(
        await recipesZip(db, job.scope, recipes, dataDirectory),
        createWriteStream(temporary, { flags: 'wx' }),
      )
      const { size } = await fs.stat(temporary)
      await fs.rename(temporary, file)
      const expiresAt = new Date(Date.now() + lifetimeMs)
      await db.transaction(async (tx) => {
        const row = { id: job.exportId, name: 'Data Export', sizeBytes: size, expiresAt }
        if (await groupExportRepo.insert(tx, job.scope, row)) {
          const expire: ExpireJob = { exportId: job.exportId, groupId: job.scope.groupId }
          await jobs.enqueue(tx, expireJobKind, expire, { runAfter: expiresAt })
        }
      })
    } catch (error) {
      await fs.rm(temporary, { force: true })
      if (lastAttempt) await fs.rm(file, { force: true })
      throw error
    }
  })

  jobs.handle(expireJobKind, async (payload) => {
    const job = payload as ExpireJob
    await groupExportRepo.delete(db, job, job.exportId)
    await removeFiles(job.groupId, [job.exportId])
  })

  const wireOf = (row: GroupDataExportRow): GroupDataExport => ({
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    filename: `${row.id}.zip`,
    path: groupExportRelativePath(row.groupId, row.id),
    size: prettySize(row.sizeBytes),
    expires: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  })

  return {
    /** Enqueues the build in the caller's transaction: a request that fails after this starts nothing. */
    async enqueue(tx: Executor, caller: Caller, recipeIds: readonly string[]): Promise<void> {
      const job: BuildJob = {
        exportId: randomUUID(),
        scope: { groupId: caller.groupId, householdId: caller.householdId, userId: caller.userId },
        recipeIds: [...recipeIds],
      }
      await jobs.enqueue(tx, buildJobKind, job)
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
      if (!row) throw notFound('Export not found')
      return { fileToken: fileTokens.issue(groupExportRelativePath(row.groupId, row.id)) }
    },

    async purge(caller: Caller): Promise<{ message: string; error: false }> {
      const deleted = await db.transaction((tx) => groupExportRepo.delete(tx, caller))
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
