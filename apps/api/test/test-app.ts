import { drizzle } from 'drizzle-orm/postgres-js'
import type { FastifyInstance } from 'fastify'
import { afterEach, onTestFinished } from 'vitest'
import { type AnswerMismatch, AnswerContractError } from '../src/http/answer-contract.js'
import { buildApp } from '../src/app.js'
import { connectDatabase } from '../src/db/client.js'
import * as schema from '../src/db/schema/index.js'
import { loadConfig, type Config } from '../src/config.js'
import { createFactories } from './factories.js'
import { createTestClient, type TestClient } from './test-client.js'
import { createTestDatabase, whenDone } from './test-database.js'

async function databaseNameOf(testApp: TestApp): Promise<string> {
  const [row] = await testApp.sql<{ name: string }[]>`select current_database() as name`
  return row!.name
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  db: Awaited<ReturnType<typeof createTestDatabase>>['db']
  sql: Awaited<ReturnType<typeof createTestDatabase>>['sql']
  /** The connection URL of the app's database, for a server process a test starts on it. */
  databaseUrl: string
  make: ReturnType<typeof createFactories>
  /** The typed client: `api.call(endpoint, { params, query, body, as: user })`, every answer checked. */
  api: TestClient
  /** Signs in through the real endpoint and returns the bearer header for later calls. */
  signIn: (login: string, password: string) => Promise<{ authorization: string; token: string }>
}

/**
 * A handle on the test app's database that counts the statements sent through it, prepared ones included: for tests
 * that hold a read to its number of round trips.
 */
export function countingStatements(testApp: TestApp): { db: TestApp['db']; count: () => number } {
  let statements = 0
  const db = drizzle({ client: testApp.sql, schema, logger: { logQuery: () => void (statements += 1) } })
  return { db, count: () => statements }
}

export const testSecret = 'test-secret-that-is-long-enough-for-hs256-signing'

/**
 * A second instance of the app on the same database, as a second server process would run it (no jobs): for tests of
 * what one instance sees of another's writes; `prepare` adds test routes first. Closed with the test (or file) that made it, see whenDone.
 */
export async function createSecondInstance(
  testApp: TestApp,
  options: { prepare?: (app: FastifyInstance) => void; ownConnection?: boolean } = {},
): Promise<{ app: FastifyInstance; api: TestClient }> {
  // With its own connection, the two instances' transactions run at once whatever the suite's pool size (CI runs 1).
  let db = testApp.db
  if (options.ownConnection) {
    const connection = connectDatabase(testApp.databaseUrl, { maxConnections: 1, acquireTimeoutSeconds: 5 })
    whenDone(() => connection.close())
    db = connection.db
  }
  const app = await buildApp({ config: testApp.config, db, secret: testSecret, runJobs: false })
  whenDone(() => app.close())
  // Routes a test adds of its own (as to the first instance) must be there before the instance is ready.
  options.prepare?.(app)
  await app.ready()
  return { app, api: createTestClient(app) }
}

/**
 * The whole app on its own database, built as production builds it, with environment overrides. `copyOf` starts the
 * database as a copy of another test app's, for tests that compare two runs of the same calls.
 */
export async function createTestApp(
  environment: Record<string, string> = {},
  options: { copyOf?: TestApp } = {},
): Promise<TestApp> {
  const copyOf = options.copyOf ? await databaseNameOf(options.copyOf) : undefined
  const database = await createTestDatabase(copyOf ? { copyOf } : {})
  // Rate limits are off unless a test turns them on: suites sign in far more often than people do.
  const config = loadConfig({
    DATA_DIR: '/tmp/larder-test-data',
    LOG_LEVEL: 'silent',
    SECURITY_AUTH_RATE_LIMIT: '0',
    SECURITY_EXPLORE_RATE_LIMIT: '0',
    ...environment,
  })
  // Every answer is parsed against its contract; a mismatch fails the test that caused it, naming the path.
  const mismatches: AnswerMismatch[] = []
  const app = await buildApp({
    config,
    db: database.db,
    secret: testSecret,
    webDistDirectory: config.WEB_DIST_DIR,
    checkResponses: (mismatch) => mismatches.push(mismatch),
  })
  const failOnMismatch = () => {
    const found = mismatches.splice(0)
    if (found.length > 0) throw new Error(found.map((mismatch) => new AnswerContractError(mismatch).message).join('\n'))
  }
  // Built inside a test: that test fails; built in beforeAll: each test that sent such an answer fails.
  try {
    onTestFinished(failOnMismatch)
  } catch {
    afterEach(failOnMismatch)
  }
  whenDone(() => app.close())
  return {
    app,
    config,
    db: database.db,
    sql: database.sql,
    databaseUrl: database.url,
    make: createFactories(database.db),
    api: createTestClient(app),
    signIn: async (login, password) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: login, password },
      })
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
      const token = response.json<{ access_token: string }>().access_token
      return { authorization: `Bearer ${token}`, token }
    },
  }
}
