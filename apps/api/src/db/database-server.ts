import path from 'node:path'
import type { Config } from '../config.js'
import { lockDataDirectory } from './data-directory-lock.js'
import { startEmbeddedPostgres } from './embedded-postgres.js'

export interface DatabaseServer {
  url: string
  /** Stops the embedded server and frees DATA_DIR; a no-op for an external one. */
  stop(): Promise<void>
}

export interface DatabaseServerEvents {
  log: (message: string) => void
  /** The embedded server keeps dying and will not be restarted again. */
  onGiveUp: (reason: string) => void
}

const applicationDatabase = 'larder'

/**
 * The configured PostgreSQL, or the embedded one in DATA_DIR/postgres when DATABASE_URL is unset (docs/architecture.md "Data"). The
 * embedded one runs only under the DATA_DIR lock, held until stop(): a second instance on the same folder stops
 * here with DataDirectoryInUseError and touches nothing.
 */
export async function openDatabaseServer(config: Config, events: DatabaseServerEvents): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} }
  const lock = await lockDataDirectory(config.dataDirectory)
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>
  try {
    embedded = await startEmbeddedPostgres({
      dataDirectory: path.join(config.dataDirectory, 'postgres'),
      passwordFile: path.join(config.dataDirectory, 'postgres-password'),
      log: events.log,
      onGiveUp: events.onGiveUp,
    })
  } catch (error) {
    await lock.release()
    throw error
  }
  const stop = async () => {
    await embedded.stop()
    await lock.release()
  }
  try {
    await createApplicationDatabase(embedded.url)
  } catch (error) {
    await stop()
    throw error
  }
  return { url: embedded.url.replace(/\/postgres$/, `/${applicationDatabase}`), stop }
}

async function createApplicationDatabase(serverUrl: string) {
  const { default: postgres } = await import('postgres')
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    const existing = await admin`select 1 from pg_database where datname = ${applicationDatabase}`
    if (existing.length === 0) await admin.unsafe(`create database ${applicationDatabase}`)
  } finally {
    await admin.end()
  }
}
