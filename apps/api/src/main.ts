import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { connectDatabase, connectionLimitsOf } from './db/client.js'
import { openDatabaseServer } from './db/database-server.js'
import { applyMigrations } from './db/migrate.js'
import { readOrCreateSecretFile } from './lib/secret-file.js'
import { seedFirstRun } from './modules/app/first-run.js'

/** The built web client: next to the bundle in a release, or in the workspace when run from source. */
function findWebDist(config: Config): string | undefined {
  if (config.WEB_DIST_DIR) return path.resolve(config.WEB_DIST_DIR)
  const here = path.dirname(fileURLToPath(import.meta.url))
  return [path.resolve(here, '../../web/dist'), path.resolve(here, '../web')].find((candidate) =>
    existsSync(path.join(candidate, 'index.html')),
  )
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
  const logger = pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  })
  const startedAt = performance.now()

  const databaseServer = await openDatabaseServer(config, (message) => logger.info({ component: 'postgres' }, message))
  const database = connectDatabase(databaseServer.url, connectionLimitsOf(config))
  let app: Awaited<ReturnType<typeof buildApp>>
  try {
    await applyMigrations(database.db)
    if (await seedFirstRun(database.db, { group: config.DEFAULT_GROUP, household: config.DEFAULT_HOUSEHOLD })) {
      logger.info('first start: created the default group, household and the admin changeme@example.com')
    }
    const secret = config.SECRET ?? (await readOrCreateSecretFile(path.join(config.dataDirectory, '.secret')))
    const webDistDirectory = findWebDist(config)
    if (!webDistDirectory) logger.warn('no built web client found: serving the API only (run `pnpm build`)')
    app = await buildApp({ config, db: database.db, secret, logger, webDistDirectory })
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (error) {
    // Leave no database server behind when start-up fails half-way.
    await database.close().catch(() => {})
    await databaseServer.stop()
    throw error
  }
  logger.info(`Larder is ready on ${config.BASE_URL} after ${Math.round(performance.now() - startedAt)} ms`)

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
}

start().catch((error: unknown) => {
  console.error('Larder could not start:', error instanceof Error ? error.message : error)
  if (error instanceof Error && error.stack) console.error(error.stack)
  process.exit(1)
})
