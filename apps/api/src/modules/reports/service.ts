import {
  storableText,
  type ReportCategory,
  type ReportOut,
  type ReportSummary,
  type SuccessResponse,
} from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import * as repo from './repo.js'
import { startQueuedReport } from './turns.js'

export interface ReportEntryInput {
  /** Where the item sits in the work's input; entries read back in this order. */
  position?: number
  success: boolean
  message: string
  exception?: string
  /** The recipe the item made, for a link from the report. */
  recipeSlug?: string
}

/**
 * Reports of long work (migrations, bulk imports, backups): other areas start one, add an entry per item and finish
 * it; members of the group read and delete them (docs/mealie-compatibility.md "Group and household routes", docs/mealie-compatibility.md "Reports").
 */
export function createReportService(deps: { db: Database }) {
  const { db } = deps
  return {
    async startReport(
      ex: Executor,
      groupId: string,
      report: { category: ReportCategory; name: string; expectedEntries?: number },
    ): Promise<ReportSummary> {
      return repo.toReportSummary(await repo.insertReport(ex, { groupId, ...report }))
    },

    /**
     * Entries quote what the work read (a recipe's name, a parser's complaint about a file): text no column can store
     * is made storable here, so a bad item is a failed entry, never a failed report.
     */
    /** A report of work that runs one at a time per group and category, queued behind the others (turns.ts). */
    startQueuedReport: (groupId: string, report: { category: ReportCategory; name: string }) =>
      startQueuedReport(db, groupId, report),

    addEntry: (ex: Executor, reportId: string, entry: ReportEntryInput) =>
      repo.insertEntry(ex, reportId, {
        ...entry,
        message: storableText(entry.message),
        ...(entry.exception === undefined ? {} : { exception: storableText(entry.exception) }),
      }),

    /**
     * Rewords the entry of one item after the report finished, its success unchanged: for work that goes on in the
     * background after the item was reported (a migrated recipe whose picture could not be downloaded later).
     */
    rewordEntry: (ex: Executor, reportId: string, position: number, message: string) =>
      repo.updateEntryMessage(ex, reportId, position, storableText(message)),

    /** Ends the report now, whatever was expected. */
    finishReport: (ex: Executor, reportId: string) => repo.settleStatus(ex, reportId, false),

    /**
     * Ends the report if all its expected entries are in. Call it in the transaction that added the entry, after
     * adding it: parallel workers then finish the report exactly once.
     */
    async finishIfComplete(ex: Executor, reportId: string) {
      await repo.lockReport(ex, reportId)
      return repo.settleStatus(ex, reportId, true)
    },

    async summary(ex: Executor, reportId: string): Promise<ReportSummary | undefined> {
      const row = await repo.findReportById(ex, reportId)
      return row && repo.toReportSummary(row)
    },

    async list(scope: Scope, category: ReportCategory | undefined): Promise<ReportSummary[]> {
      // Mealie matches a missing report_type against rows without a category: there are none, so nothing.
      if (!category) return []
      return (await repo.listReports(db, scope.groupId, category)).map(repo.toReportSummary)
    },

    async get(scope: Scope, id: string): Promise<ReportOut> {
      const row = await repo.findReport(db, scope.groupId, id)
      if (!row) throw notFound('Report not found')
      return { ...repo.toReportSummary(row), entries: await repo.listEntries(db, row.id) }
    },

    async delete(scope: Scope, id: string): Promise<SuccessResponse> {
      if (!(await repo.deleteReport(db, scope.groupId, id))) throw notFound('Report not found')
      return { message: 'Report deleted.', error: false }
    },
  }
}

export type ReportService = ReturnType<typeof createReportService>
