import { existsSync } from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { connectDatabase, connectionLimitsOf } from './db/client.js'
import { DataDirectoryInUseError } from './db/data-directory-lock.js'
import { openDatabaseServer, type DatabaseServer } from './db/database-server.js'
import { applyMigrations } from './db/migrate.js'
import { readOrCreateSecretFile } from './lib/secret-file.js'
import { createLogger } from './logger.js'
import { seedFirstRun } from './modules/app/index.js'

/** The built web client: next to the bundle in a release, or in the workspace when run from source. */
function findWebDist(config: Config): string | undefined {
  if (config.WEB_DIST_DIR) return path.resolve(config.WEB_DIST_DIR)
  const here = path.dirname(fileURLToPath(import.meta.url))
  return [path.resolve(here, '../../web/dist'), path.resolve(here, '../web')].find((candidate) =>
    existsSync(path.join(candidate, 'index.html')),
  )
}

/**
 * How far V8 lets the old generation grow past what the last full collection kept. Left to itself, V8 chose about
 * ×1.4 for this server's live heap (about 65 MB, most of it the bundle's code), which left less headroom than its young
 * generation can promote: under load it began incremental marking again the moment each mark-compact ended (V8's
 * --trace-incremental-marking: "Start (task)" at 64 MB of an 87 MB limit), a full cycle every 300–500 ms whose steps,
 * up to 28 ms, landed inside requests. At twice the live heap a cycle comes every few seconds: on the 10k bench library
 * the recipe list's p99 went from 25–36 ms to 13–17 (bench/recipe-reads). Idle memory does not grow: the limit only
 * matters while requests allocate.
 */
v8.setFlagsFromString('--heap-growing-percent=100')

/**
 * Libraries that start-up leaves to their first use (bench/cold-start) but that everyday requests need: argon2 for
 * a sign-in, sharp for a picture, undici for an import. A second after listening they load one at a time, off the
 * path of the first answer, so that the first such request does not wait for them (a few hundred ms of CPU).
 */
async function warmUp(log: (message: string, error: unknown) => void) {
  const libraries = [() => import('argon2'), () => import('sharp'), () => import('undici')]
  for (const load of libraries) await load().catch((error: unknown) => log('warming up a library failed', error))
}

async function start() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
  const logger = await createLogger(config)
  const startedAt = performance.now()

  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let databaseServer: DatabaseServer | undefined
  // Serving 500s with no database helps nobody: exit, and let the process manager start a fresh Larder.
  const exitAfterDatabaseLoss = async (reason: string) => {
    logger.error({ component: 'postgres' }, `${reason}; exiting so that a process manager restarts Larder`)
    const forced = setTimeout(() => process.exit(1), 5_000)
    forced.unref()
    await app?.close().catch(() => {})
    await databaseServer?.stop().catch(() => {})
    process.exit(1)
  }
  try {
    databaseServer = await openDatabaseServer(config, {
      log: (message) => logger.info({ component: 'postgres' }, message),
      onGiveUp: (reason) => void exitAfterDatabaseLoss(reason),
    })
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error
    logger.error(`Larder could not start: ${error.message}`)
    process.exit(1)
  }
  const database = connectDatabase(databaseServer.url, connectionLimitsOf(config))
  let listeningOn: string
  try {
    await applyMigrations(database.sql, { log: logger })
    if (await seedFirstRun(database.db, { group: config.DEFAULT_GROUP, household: config.DEFAULT_HOUSEHOLD })) {
      logger.info('first start: created the default group, household and the admin changeme@example.com')
    }
    const secret = config.SECRET ?? (await readOrCreateSecretFile(path.join(config.dataDirectory, '.secret')))
    const webDistDirectory = findWebDist(config)
    if (!webDistDirectory) logger.warn('no built web client found: serving the API only (run `pnpm build`)')
    app = await buildApp({
      config,
      db: database.db,
      secret,
      logger,
      webDistDirectory,
      runJobs: config.BACKGROUND_JOBS,
    })
    listeningOn = await app.listen({ port: config.PORT, host: config.HOST })
  } catch (error) {
    // Leave no database server behind when start-up fails half-way.
    await database.close().catch(() => {})
    await databaseServer.stop()
    throw error
  }
  const startMs = Math.round(performance.now() - startedAt)
  logger.info(`Larder is ready on ${config.BASE_URL} (listening on ${listeningOn}) after ${startMs} ms`)
  setTimeout(() => void warmUp((message, error) => logger.warn({ err: error }, message)), 1_000).unref()

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal}: draining requests and stopping`)
    const forced = setTimeout(() => process.exit(1), 20_000)
    forced.unref()
    try {
      await app.close()
      await database.close()
      await databaseServer.stop()
    } finally {
      clearTimeout(forced)
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  // A closed terminal: stop cleanly rather than leave the database server behind.
  process.on('SIGHUP', () => void shutdown('SIGHUP'))
}

start().catch((error: unknown) => {
  console.error('Larder could not start:', error instanceof Error ? error.message : error)
  if (error instanceof Error && error.stack) console.error(error.stack)
  process.exit(1)
})
