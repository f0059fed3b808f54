import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import type { Database } from './client.js'

/** Committed drizzle-kit migrations; the build copies them next to the bundle. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export async function applyMigrations(db: Database, folder = migrationsFolder): Promise<void> {
  await migrate(db, { migrationsFolder: folder })
}
