import path from 'node:path'
import type { Config } from '../config.js'
import { startEmbeddedPostgres } from './embedded-postgres.js'

export interface DatabaseServer {
  url: string
  /** Stops the embedded server; a no-op for an external one. */
  stop(): Promise<void>
}

const applicationDatabase = 'larder'

/** The configured PostgreSQL, or the embedded one in DATA_DIR/postgres when DATABASE_URL is unset (DESIGN §5). */
export async function openDatabaseServer(config: Config, log: (message: string) => void): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} }
  const embedded = await startEmbeddedPostgres({
    dataDirectory: path.join(config.dataDirectory, 'postgres'),
    passwordFile: path.join(config.dataDirectory, 'postgres-password'),
    log,
  })
  const { default: postgres } = await import('postgres')
  const admin = postgres(embedded.url, { max: 1, onnotice: () => {} })
  try {
    const existing = await admin`select 1 from pg_database where datname = ${applicationDatabase}`
    if (existing.length === 0) await admin.unsafe(`create database ${applicationDatabase}`)
  } finally {
    await admin.end()
  }
  return { url: embedded.url.replace(/\/postgres$/, `/${applicationDatabase}`), stop: () => embedded.stop() }
}
