import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import * as schema from '../../db/schema/index.js'
import type { DumpRow } from './database-dump.js'

/**
 * The tables a backup holds and a restore replaces, read from the live database's catalog (so a column a migration
 * added in SQL is seen as the database has it), and the statements that write them. Backups and restores are the
 * only code that touches every table at once, so the SQL is generic here rather than in each area's repo.
 */

/** Tables of this instance's own running, never in a backup and never emptied by a restore. */
const instanceTables: ReadonlySet<string> = new Set([
  getTableName(schema.backgroundJobs),
  getTableName(schema.jobSchedules),
  getTableName(schema.backupRestores),
  getTableName(schema.rateLimitWindows),
])

/** The tables Larder's schema declares, each once: the ones a dump may name. */
export const knownTableNames: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table)),
)

/** The tables a backup holds and a restore replaces. */
export const backedUpTableNames = [...knownTableNames].filter((name) => !instanceTables.has(name)).sort()

export interface ColumnShape {
  name: string
  /** False for `GENERATED ALWAYS AS (…)` columns: PostgreSQL computes them, a restore never writes them. */
  writable: boolean
  /** The sequence behind a serial or identity column, to move past the restored ids. */
  sequence: string | null
}

export interface ForeignKey {
  columns: string[]
  referencedTable: string
  referencedColumns: string[]
}

export interface TableShape {
  name: string
  columns: ColumnShape[]
  primaryKey: string[]
  foreignKeys: ForeignKey[]
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/** The live shape of `tables`: columns in order, primary key, foreign keys (to any table of the schema). */
export async function readTableShapes(ex: Executor, tables: readonly string[]): Promise<Map<string, TableShape>> {
  const shapes = new Map<string, TableShape>(
    tables.map((name) => [name, { name, columns: [], primaryKey: [], foreignKeys: [] }]),
  )
  const columns = await ex.execute<{
    table_name: string
    column_name: string
    is_generated: string
    sequence: string | null
  }>(sql`
    select table_name, column_name, is_generated,
           pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = current_schema()
    order by table_name, ordinal_position`)
  for (const column of columns) {
    shapes.get(column.table_name)?.columns.push({
      name: column.column_name,
      writable: column.is_generated !== 'ALWAYS',
      sequence: column.sequence,
    })
  }
  const constraints = await ex.execute<{
    table_name: string
    kind: 'p' | 'f'
    columns: string[]
    referenced_table: string | null
    referenced_columns: string[] | null
  }>(sql`
    select c.relname as table_name, k.contype as kind,
           array(select a.attname::text from unnest(k.conkey) with ordinality as n(attnum, i)
                 join pg_attribute a on a.attrelid = k.conrelid and a.attnum = n.attnum order by n.i) as columns,
           r.relname as referenced_table,
           case when k.contype = 'f' then
             array(select a.attname::text from unnest(k.confkey) with ordinality as n(attnum, i)
                   join pg_attribute a on a.attrelid = k.confrelid and a.attnum = n.attnum order by n.i)
           end as referenced_columns
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    left join pg_class r on r.oid = k.confrelid
    where k.contype in ('p', 'f') and k.connamespace = current_schema()::regnamespace
    order by c.relname, k.conname`)
  for (const constraint of constraints) {
    const shape = shapes.get(constraint.table_name)
    if (!shape) continue
    if (constraint.kind === 'p') shape.primaryKey = constraint.columns
    else {
      shape.foreignKeys.push({
        columns: constraint.columns,
        referencedTable: constraint.referenced_table!,
        referencedColumns: constraint.referenced_columns!,
      })
    }
  }
  return shapes
}

/**
 * Every table's rows as JSON objects keyed by column name (PostgreSQL's own `row_to_json`: timestamps with their
 * offset, dates as `YYYY-MM-DD`, json columns as JSON), handed over in batches so a large table is never held whole.
 */
export async function forEachRowBatch(
  ex: Executor,
  table: string,
  batchSize: number,
  onBatch: (rows: string[]) => Promise<void>,
): Promise<void> {
  // A cursor inside the caller's (repeatable read) transaction: one pass over the table, in batches.
  await ex.execute(
    sql.raw(`declare dump_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted(table)} t`),
  )
  for (;;) {
    const rows = await ex.execute<{ row: string }>(sql.raw(`fetch ${batchSize} from dump_rows`))
    if (rows.length > 0) await onBatch(rows.map((row) => row.row))
    if (rows.length < batchSize) break
  }
  await ex.execute(sql.raw('close dump_rows'))
}

/**
 * A verify's stand-ins: an empty temporary copy of each table, with its columns, defaults, checks and unique indexes
 * (foreign keys are the plan's to check), dropped with the transaction. Temporary tables come first in the search
 * path, so the same inserts that restore land in these instead, and meet the same refusals, with no lock on the
 * live tables beyond a read.
 */
export async function createRehearsalTables(ex: Executor, tables: readonly string[]): Promise<void> {
  const [schemaRow] = await ex.execute<{ name: string }>(sql`select current_schema() as name`)
  for (const table of tables) {
    await ex.execute(
      sql.raw(
        `create temporary table ${quoted(table)} (like ${quoted(schemaRow!.name)}.${quoted(table)} including all) on commit drop`,
      ),
    )
  }
}

/** Empties every table a restore replaces, in one statement so that foreign keys among them never stand in the way. */
export async function emptyTables(ex: Executor, tables: readonly string[]): Promise<void> {
  await ex.execute(sql.raw(`truncate table ${tables.map(quoted).join(', ')}`))
}

/**
 * Inserts rows given as JSON through `json_populate_recordset`, which reads each value as its column's type (uuid,
 * timestamptz, arrays, jsonb, enums) the way PostgreSQL reads text. Only `columns` are written: the others take
 * their defaults. Identity columns are written as given.
 */
export async function insertRows(ex: Executor, table: string, columns: readonly string[], rows: DumpRow[]) {
  if (rows.length === 0) return
  const list = columns.map(quoted).join(', ')
  const target = quoted(table)
  await ex.execute(
    sql`${sql.raw(`insert into ${target} (${list}) overriding system value select ${list} from json_populate_recordset(null::${target}, `)}${JSON.stringify(rows)}${sql.raw('::json)')}`,
  )
}

/** Moves a serial or identity sequence past the largest id in its table, so the next insert does not collide. */
export async function resetSequence(ex: Executor, table: string, column: string, sequence: string) {
  await ex.execute(
    sql`select setval(${sequence}, coalesce((select max(${sql.raw(quoted(column))}) from ${sql.raw(quoted(table))}), 0) + 1, false)`,
  )
}

export async function recordRestore(ex: Executor, id: string, archive: string) {
  await ex.insert(schema.backupRestores).values({ id, archive })
}

export async function restoreCommitted(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex.execute(sql`select 1 from ${schema.backupRestores} where id = ${id}`)
  return rows.length > 0
}

/**
 * Recipes restored without their search document (a converted Mealie backup has none: the document is PostgreSQL's
 * to make) get it from `recipes_refresh_search`, the one definition of what is searched, with their names' words.
 */
export async function refreshMissingRecipeSearch(ex: Executor): Promise<void> {
  await ex.execute(sql`
    select recipes_refresh_search(group_id, array_agg(id))
    from recipes where search_document is null group by group_id`)
}
