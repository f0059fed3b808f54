import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, expect, it, inject } from 'vitest'
import { withDatabase } from '../../test/database-url.js'
import { applyMigrations, migrationsFolder } from './migrate.js'

const admin = postgres(inject('serverUrl'), { max: 1, onnotice: () => {} })
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await admin.end()
})

/** The committed migrations up to and including `lastTag`, as a folder of their own. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-migrations-'))
  cleanups.push(() => fs.rm(folder, { recursive: true, force: true }))
  await fs.mkdir(path.join(folder, 'meta'))
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>
  }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  journal.entries = journal.entries.slice(0, last + 1)
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const { tag } of journal.entries)
    await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  return folder
}

it('merges the foods and units a group already holds twice into the oldest, keeping the other names as aliases', async () => {
  const name = `larder_migrate_${randomBytes(6).toString('hex')}`
  await admin.unsafe(`create database ${name}`)
  cleanups.push(() => admin.unsafe(`drop database if exists ${name} with (force)`))
  const sql = postgres(withDatabase(inject('serverUrl'), name), { max: 1, onnotice: () => {} })
  cleanups.push(() => sql.end())
  await applyMigrations(sql, { folder: await migrationsUpTo('0011_caller_change_notifications') })
  const [group] = await sql<{ id: string }[]>`insert into groups (name, slug) values ('Home', 'home') returning id`
  const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second))
  for (const [index, food] of ['radish', 'Sugar', 'radishes', 'sugar', 'crème', 'creme'].entries())
    await sql`insert into ingredient_foods (group_id, name, created_at) values (${group!.id}, ${food}, ${at(index)})`
  for (const [index, unit] of ['cup', 'cups', 'Cup', 'Tbsp', 'tbsp'].entries())
    await sql`insert into ingredient_units (group_id, name, created_at) values (${group!.id}, ${unit}, ${at(index)})`

  await applyMigrations(sql)

  const foods = await sql`
    select f.name, coalesce(array_agg(a.name order by a.name) filter (where a.name is not null), '{}') as aliases
    from ingredient_foods f left join ingredient_food_aliases a on a.food_id = f.id group by f.name, f.name_key order by f.name_key`
  expect(foods).toEqual([
    { name: 'crème', aliases: ['creme'] },
    { name: 'radish', aliases: ['radishes'] },
    { name: 'Sugar', aliases: ['sugar'] },
  ])
  const units = await sql`select name from ingredient_units order by name_key`
  expect(units.map((unit) => unit.name)).toEqual(['cup', 'Tbsp'])
  // From now on the index refuses a second name with the same key.
  await expect(sql`insert into ingredient_units (group_id, name) values (${group!.id}, 'CUPS')`).rejects.toThrow(
    /ingredient_units_group_name_key/,
  )
})
