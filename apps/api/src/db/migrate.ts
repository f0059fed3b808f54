import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { SqlClient } from './client.js'

/** Committed drizzle-kit migrations; the build copies them next to the bundle. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Held while migrating: instances starting at once apply each migration once, and only that one vacuums after. */
const migrationLockKey = 7351002

/**
 * A migration that rewrites a table's rows declares it on a line of its own, `-- larder:vacuum-after recipes`
 * (several tables separated by spaces): the rewrite leaves a dead copy of every row and a cleared visibility map, and
 * until autovacuum comes by, index-only scans read the heap and a large library searches and lists several times
 * slower. A comment changes no statement, and drizzle never compares the hash of an applied migration with its file.
 */
const vacuumAfterMarker = /^--\s*larder:vacuum-after\s+(.+)$/gm
const tableName = /^[a-z_][a-z0-9_]*$/

export interface MigrationLog {
  info(message: string): void
  warn(message: string): void
}

export interface MigrationOutcome {
  /** Tags of the migrations this call applied (none when another instance did, or nothing was pending). */
  applied: string[]
  /** Tables vacuumed and analysed after those migrations committed. */
  vacuumed: string[]
}

interface JournalEntry {
  tag: string
  when: number
}

export function tablesToVacuumAfter(migrationSql: string): string[] {
  const tables = [...migrationSql.matchAll(vacuumAfterMarker)].flatMap((match) => match[1]!.trim().split(/\s+/))
  const invalid = tables.filter((table) => !tableName.test(table))
  if (invalid.length > 0) throw new Error(`larder:vacuum-after names no table: ${invalid.join(', ')}`)
  return tables
}

const silentLog: MigrationLog = { info: () => {}, warn: () => {} }

/**
 * Applies the pending migrations in one transaction, as drizzle's migrator does (same bookkeeping table, a migration
 * is pending when it is newer than the newest applied), under an advisory lock so that a second instance waits and
 * then finds nothing to do. Then vacuums the tables the applied migrations declare rewritten.
 */
export async function applyMigrations(
  sql: SqlClient,
  options: { folder?: string; log?: MigrationLog } = {},
): Promise<MigrationOutcome> {
  const folder = options.folder ?? migrationsFolder
  const log = options.log ?? silentLog
  const journal = (
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries
  const migrations = readMigrationFiles({ migrationsFolder: folder })
  const { tags: applied, rewritten } = await sql.begin(async (transaction) => {
    await transaction`select pg_advisory_xact_lock(${migrationLockKey})`
    await transaction`create schema if not exists drizzle`
    await transaction`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`
    const [newest] = await transaction<{ created_at: string | null }[]>`
      select max(created_at)::text as created_at from drizzle.__drizzle_migrations`
    const newestApplied = newest?.created_at == null ? -Infinity : Number(newest.created_at)
    const tags: string[] = []
    const rewritten: string[] = []
    for (const [index, migration] of migrations.entries()) {
      if (migration.folderMillis <= newestApplied) continue
      for (const statement of migration.sql) await transaction.unsafe(statement)
      await transaction`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`
      tags.push(journal[index]!.tag)
      rewritten.push(...tablesToVacuumAfter(migration.sql.join('\n')))
    }
    return { tags, rewritten }
  })
  if (applied.length === 0) return { applied, vacuumed: [] }
  log.info(`applied migrations: ${applied.join(', ')}`)
  const tables = [...new Set(rewritten)]
  const vacuumed: string[] = []
  for (const table of tables) {
    if (await vacuumAfterMigration(sql, table, log)) vacuumed.push(table)
  }
  return { applied, vacuumed }
}

/**
 * VACUUM runs outside any transaction. Not permitted (the tables belong to another role) or failed, it is a warning:
 * the library is only slower until autovacuum comes by, which is no reason to refuse to start.
 */
async function vacuumAfterMigration(sql: SqlClient, table: string, log: MigrationLog): Promise<boolean> {
  try {
    // PostgreSQL skips a table the role may not vacuum with a notice, not an error: ask first.
    const [permission] = await sql<{ permitted: boolean | null }[]>`
      select pg_has_role(c.relowner, 'USAGE')
          or pg_has_role(d.datdba, 'USAGE')
          or (select rolsuper from pg_roles where rolname = current_user) as permitted
      from pg_class c, pg_database d
      where c.oid = to_regclass(${table}) and d.datname = current_database()`
    if (!permission?.permitted) {
      log.warn(`not vacuuming ${table} after the migrations: this role may not (autovacuum will, later)`)
      return false
    }
    const startedAt = performance.now()
    await sql.unsafe(`vacuum (analyze) "${table}"`)
    log.info(`vacuumed and analysed ${table} after the migrations in ${Math.round(performance.now() - startedAt)} ms`)
    return true
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    log.warn(`could not vacuum ${table} after the migrations (${reason}); autovacuum will, later`)
    return false
  }
}
