import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, it, inject } from 'vitest'
import { withDatabase } from '../../test/database-url.js'
import { connectDatabase, type DatabaseConnection } from './client.js'
import { applyMigrations, tablesToVacuumAfter, type MigrationLog } from './migrate.js'

const admin = postgres(inject('serverUrl'), { max: 1, onnotice: () => {} })
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await admin.end()
})

/** An empty database (not the migrated template), dropped when the file ends. */
async function emptyDatabase(): Promise<string> {
  const name = `larder_migrate_${randomBytes(6).toString('hex')}`
  await admin.unsafe(`create database ${name}`)
  cleanups.push(() => admin.unsafe(`drop database if exists ${name} with (force)`).then(() => {}))
  return withDatabase(inject('serverUrl'), name)
}

function connect(url: string): DatabaseConnection {
  const connection = connectDatabase(url, { maxConnections: 2 })
  cleanups.push(() => connection.close())
  return connection
}

function recordingLog(): MigrationLog & { lines: string[] } {
  const lines: string[] = []
  return { lines, info: (message) => lines.push(`info: ${message}`), warn: (message) => lines.push(`warn: ${message}`) }
}

async function recipeMaintenance(sql: postgres.Sql) {
  const [row] = await sql<{ vacuums: number; analyses: number; lastVacuum: Date | null; lastAnalyze: Date | null }[]>`
    select vacuum_count::int as vacuums, analyze_count::int as analyses,
      last_vacuum as "lastVacuum", last_analyze as "lastAnalyze"
    from pg_stat_user_tables where relname = 'recipes'`
  return row!
}

describe('start-up migrations', () => {
  it('vacuums and analyses the tables the applied migrations rewrote, once they have committed', async () => {
    const { sql } = connect(await emptyDatabase())
    const log = recordingLog()

    const outcome = await applyMigrations(sql, { log })

    expect(outcome.applied).toContain('0009_recipe_search_head')
    expect(outcome.vacuumed).toEqual(['recipes', 'recipe_search_words'])
    const maintenance = await recipeMaintenance(sql)
    expect(maintenance.lastVacuum).not.toBeNull()
    expect(maintenance.lastAnalyze).not.toBeNull()
    expect(log.lines).toEqual([
      expect.stringMatching(
        /^info: applied migrations: 0000_initial, .*0009_recipe_search_head, 0010_recipe_search_words(, \d{4}_\w+)+$/,
      ),
      expect.stringMatching(/^info: vacuumed and analysed recipes after the migrations in \d+ ms$/),
      expect.stringMatching(/^info: vacuumed and analysed recipe_search_words after the migrations in \d+ ms$/),
    ])
  })

  it('does nothing, and logs nothing, when no migration is pending', async () => {
    const { sql } = connect(await emptyDatabase())
    await applyMigrations(sql)
    const before = await recipeMaintenance(sql)
    const log = recordingLog()

    expect(await applyMigrations(sql, { log })).toEqual({ applied: [], vacuumed: [] })

    expect(await recipeMaintenance(sql)).toEqual(before)
    expect(log.lines).toEqual([])
  })

  it('applies and vacuums once when two instances start at once: the second waits, then finds nothing to do', async () => {
    const url = await emptyDatabase()
    const [first, second] = await Promise.all([applyMigrations(connect(url).sql), applyMigrations(connect(url).sql)])

    const outcomes = [first, second].sort((a, b) => b.applied.length - a.applied.length)
    expect(outcomes[0]!.vacuumed).toEqual(['recipes', 'recipe_search_words'])
    expect(outcomes[1]).toEqual({ applied: [], vacuumed: [] })
    const { sql } = connect(url)
    expect((await recipeMaintenance(sql)).vacuums).toBe(1)
    const [bookkept] = await sql<{ rows: number }[]>`select count(*)::int as rows from drizzle.__drizzle_migrations`
    expect(bookkept?.rows).toBe(outcomes[0]!.applied.length)
  })

  it('starts with a warning when the role may not vacuum a rewritten table', async () => {
    // Made before the database, so that it is dropped after it (cleanups run last first).
    const role = `larder_migrate_${randomBytes(6).toString('hex')}`
    await admin.unsafe(`create role ${role} login password '${role}'`)
    cleanups.push(() => admin.unsafe(`drop role if exists ${role}`).then(() => {}))
    const url = await emptyDatabase()
    const owner = postgres(url, { max: 1, onnotice: () => {} })
    // The table belongs to another role; this one may only update it (and keep its own migration bookkeeping).
    await owner.unsafe(`create table pantry (shelf int not null); insert into pantry values (1), (2);
      grant select, update on pantry to ${role}; grant create on database ${url.split('/').pop()} to ${role}`)
    await owner.end()
    const folder = await migrationFolder({
      '0000_restock': '-- larder:vacuum-after pantry\nUPDATE pantry SET shelf = shelf + 1;',
    })
    const restricted = new URL(url)
    restricted.username = role
    restricted.password = role
    const log = recordingLog()

    const outcome = await applyMigrations(connect(restricted.toString()).sql, { folder, log })

    expect(outcome).toEqual({ applied: ['0000_restock'], vacuumed: [] })
    expect(log.lines).toEqual([
      'info: applied migrations: 0000_restock',
      'warn: not vacuuming pantry after the migrations: this role may not (autovacuum will, later)',
    ])
  })

  it('reads the tables a migration declares rewritten from its marker lines', () => {
    expect(tablesToVacuumAfter('-- larder:vacuum-after recipes\nUPDATE recipes SET x = 1;')).toEqual(['recipes'])
    expect(tablesToVacuumAfter('--larder:vacuum-after recipes  recipe_ingredients\n')).toEqual([
      'recipes',
      'recipe_ingredients',
    ])
    expect(tablesToVacuumAfter('UPDATE recipes SET x = 1; -- larder:vacuum-after recipes')).toEqual([])
    expect(() => tablesToVacuumAfter('-- larder:vacuum-after "recipes"; drop table x')).toThrow(/names no table/)
  })
})

async function migrationFolder(migrations: Record<string, string>): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-migrations-'))
  cleanups.push(() => fs.rm(folder, { recursive: true, force: true }))
  await fs.mkdir(path.join(folder, 'meta'))
  const entries = Object.keys(migrations).map((tag, idx) => ({
    idx,
    version: '7',
    when: 1_000 + idx,
    tag,
    breakpoints: true,
  }))
  await fs.writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  )
  for (const [tag, text] of Object.entries(migrations)) await fs.writeFile(path.join(folder, `${tag}.sql`), text)
  return folder
}
