import type { ReportCategory, ReportEntryOut, ReportSummary, ReportSummaryStatus } from '@larder/contracts'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { groupReports, reportEntries } from '../../db/schema/index.js'

type ReportRow = typeof groupReports.$inferSelect
type EntryRow = typeof reportEntries.$inferSelect

export const toReportSummary = (row: ReportRow): ReportSummary => ({
  id: row.id,
  timestamp: row.timestamp.toISOString(),
  category: row.category,
  groupId: row.groupId,
  name: row.name,
  status: row.status,
})

const toEntry = (row: EntryRow): ReportEntryOut => ({
  id: row.id,
  reportId: row.reportId,
  timestamp: row.timestamp.toISOString(),
  success: row.success,
  message: row.message,
  exception: row.exception,
  recipeSlug: row.recipeSlug,
})

export async function insertReport(
  ex: Executor,
  values: { groupId: string; category: ReportCategory; name: string; expectedEntries?: number },
) {
  const [row] = await ex.insert(groupReports).values(values).returning()
  return row!
}

export const listReports = (ex: Executor, groupId: string, category: ReportCategory) =>
  ex
    .select()
    .from(groupReports)
    .where(and(eq(groupReports.groupId, groupId), eq(groupReports.category, category)))
    .orderBy(desc(groupReports.timestamp), desc(groupReports.id))

export async function findReport(ex: Executor, groupId: string, id: string) {
  const [row] = await ex
    .select()
    .from(groupReports)
    .where(and(eq(groupReports.groupId, groupId), eq(groupReports.id, id)))
  return row
}

/** The report's own row, whatever the group: background jobs carry the id of a report their group made. */
export async function findReportById(ex: Executor, id: string) {
  const [row] = await ex.select().from(groupReports).where(eq(groupReports.id, id))
  return row
}

export const listEntries = async (ex: Executor, reportId: string) =>
  (
    await ex
      .select()
      .from(reportEntries)
      .where(eq(reportEntries.reportId, reportId))
      .orderBy(asc(reportEntries.position), asc(reportEntries.timestamp))
  ).map(toEntry)

export async function insertEntry(
  ex: Executor,
  reportId: string,
  entry: { position?: number; success: boolean; message: string; exception?: string; recipeSlug?: string },
) {
  await ex.insert(reportEntries).values({
    reportId,
    position: entry.position ?? 0,
    success: entry.success,
    message: entry.message,
    exception: entry.exception ?? '',
    recipeSlug: entry.recipeSlug ?? null,
  })
}

/** Rewrites the message of the entry at `position`, keeping whether it succeeded. */
export async function updateEntryMessage(ex: Executor, reportId: string, position: number, message: string) {
  await ex
    .update(reportEntries)
    .set({ message })
    .where(and(eq(reportEntries.reportId, reportId), eq(reportEntries.position, position)))
}

/**
 * Sets the final status from the entries in one statement: all succeeded → success, none (or no entries) →
 * failure, else partial (docs/mealie-compatibility.md "Bulk URL import"). With `onlyWhenComplete`, only once the expected number of entries exists,
 * so the last of several parallel workers is the one that finishes it.
 */
export async function settleStatus(ex: Executor, reportId: string, onlyWhenComplete: boolean) {
  const rows = await ex.execute<{ status: ReportSummaryStatus }>(sql`
    with counts as (
      select count(*)::int as total, count(*) filter (where success)::int as succeeded
      from report_entries where report_id = ${reportId}
    )
    update group_reports set updated_at = now(), status = case
        when counts.succeeded = counts.total and counts.total > 0 then 'success'
        when counts.succeeded = 0 then 'failure'
        else 'partial' end
    from counts
    where group_reports.id = ${reportId} and group_reports.status = 'in-progress'
      ${onlyWhenComplete ? sql`and counts.total >= coalesce(group_reports.expected_entries, 0)` : sql``}
    returning group_reports.status`)
  return rows[0]?.status
}

/**
 * Waits for every other transaction that holds the report row (NO KEY UPDATE: the entries' foreign keys hold KEY
 * SHARE on it, which must not conflict). Each worker adds its entry, then takes this lock
 * before counting, so the last one to take it sees every entry (each counting statement reads a fresh snapshot).
 */
export async function lockReport(ex: Executor, reportId: string) {
  await ex.execute(sql`select id from group_reports where id = ${reportId} for no key update`)
}

export async function deleteReport(ex: Executor, groupId: string, id: string) {
  const deleted = await ex
    .delete(groupReports)
    .where(and(eq(groupReports.groupId, groupId), eq(groupReports.id, id)))
    .returning({ id: groupReports.id })
  return deleted.length > 0
}

/**
 * Takes the group's turn at one kind of work for the report, when no other report of that group and category is
 * running or waited longer; a report whose heartbeat (`updated_at`) is older than `staleSeconds` belonged to an
 * instance that died and counts for neither. Claims are taken one at a time per group and category (the advisory
 * lock, released with the transaction), so two claims can never both see the way clear. Call it in a transaction.
 */
export async function claimTurn(
  ex: Executor,
  reportId: string,
  groupId: string,
  category: ReportCategory,
  staleSeconds: number,
) {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`report-turn:${groupId}:${category}`}, 0))`)
  const claimed = await ex.execute<{ id: string }>(sql`
    update group_reports mine set started_at = now(), updated_at = now()
    where mine.id = ${reportId} and mine.status = 'in-progress' and mine.started_at is null
      and not exists (
        select 1 from group_reports other
        where other.group_id = mine.group_id and other.category = mine.category and other.id <> mine.id
          and other.status = 'in-progress'
          and other.updated_at > now() - make_interval(secs => ${staleSeconds})
          and (other.started_at is not null or (other.timestamp, other.id) < (mine.timestamp, mine.id))
      )
    returning mine.id`)
  return claimed.length > 0
}

/** Tells other instances the work of this report is still alive (see claimTurn). */
export async function touchReport(ex: Executor, reportId: string) {
  await ex.execute(sql`update group_reports set updated_at = now() where id = ${reportId} and status = 'in-progress'`)
}

export async function deleteEntry(ex: Executor, reportId: string, position: number) {
  await ex.delete(reportEntries).where(and(eq(reportEntries.reportId, reportId), eq(reportEntries.position, position)))
}
