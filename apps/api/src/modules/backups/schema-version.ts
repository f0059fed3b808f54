import { readFileSync } from 'node:fs'
import path from 'node:path'
import { migrationsFolder } from '../../db/migrate.js'

/**
 * The schema a dump's rows conform to is named by the tag of the last migration applied when it was written
 * (drizzle's journal), as Mealie names it by its alembic revision. The running code's migrations are applied before
 * it serves, so the database's schema is the last tag of its own journal.
 */
let tags: string[] | undefined

export function migrationTags(): string[] {
  tags ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
  ).entries.map((entry) => entry.tag)
  return tags
}

export const currentSchemaVersion = () => migrationTags().at(-1)!

/** 'current', 'older' (restored into today's schema: columns it lacks take their defaults) or 'unknown' (newer). */
export function schemaVersionStanding(version: string): 'current' | 'older' | 'unknown' {
  const index = migrationTags().indexOf(version)
  if (index === -1) return 'unknown'
  return index === migrationTags().length - 1 ? 'current' : 'older'
}
