import { storableText, type ReportCategory, type ReportSummary } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import * as repo from './repo.js'

/** Where the work's progress line sits among the entries: before the first item's. */
const progressPosition = -1
/** How often running and waiting work says it is alive, and how long silence means its instance died. */
const heartbeatMs = 5_000
const staleSeconds = 30
const pollMs = 250

export const waitingMessage = 'Waiting for the group’s other migration to finish'

/**
 * A report of work that runs one at a time per group and category (migrations: each holds an export in memory, so
 * a group's uploads queue instead of piling up). The report exists from the start, in progress, with one progress
 * entry saying where the work stands (waiting its turn, reading, importing), readable through the reports API while
 * it runs; `settle` removes that entry in the transaction that writes the real ones. The turn is decided in
 * PostgreSQL (repo.claimTurn), so it holds across instances on one database.
 */
export interface QueuedReport {
  readonly summary: ReportSummary
  /** Waits until no other work of the group and category runs or waited longer. */
  waitForTurn(): Promise<void>
  /** Rewords the progress entry. */
  progress(message: string): Promise<void>
  /** In the transaction that writes the entries: the progress entry goes. */
  settle(ex: Executor): Promise<void>
  /** The work failed before writing anything: the report goes too, and the turn passes on. */
  abandon(): Promise<void>
  /** Stops the heartbeat; call it however the work ended. */
  close(): void
}

export async function startQueuedReport(
  db: Database,
  groupId: string,
  report: { category: ReportCategory; name: string },
): Promise<QueuedReport> {
  const summary = await inTransaction(db, async (tx: Executor) => {
    const row = await repo.insertReport(tx, { groupId, ...report })
    await repo.insertEntry(tx, row.id, { position: progressPosition, success: true, message: waitingMessage })
    return repo.toReportSummary(row)
  })
  const heartbeat = setInterval(() => void repo.touchReport(db, summary.id).catch(() => undefined), heartbeatMs)
  heartbeat.unref()
  return {
    summary,
    async waitForTurn() {
      while (
        !(await inTransaction(db, (tx: Executor) =>
          repo.claimTurn(tx, summary.id, groupId, report.category, staleSeconds),
        ))
      ) {
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
    },
    progress: (message) => repo.updateEntryMessage(db, summary.id, progressPosition, storableText(message)),
    settle: (ex) => repo.deleteEntry(ex, summary.id, progressPosition),
    async abandon() {
      clearInterval(heartbeat)
      await repo.deleteReport(db, groupId, summary.id)
    },
    close: () => clearInterval(heartbeat),
  }
}
