import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, inject, onTestFinished } from 'vitest'
import { connectDatabase, type DatabaseConnection } from '../src/db/client.js'
import { withDatabase } from './database-url.js'

/**
 * Four connections, or TEST_DATABASE_POOL_SIZE (CI runs the suite once with 1): with a single connection and a short
 * acquire timeout, any code that takes a second connection inside a transaction fails its test within seconds.
 */
function testConnectionLimits() {
  const poolSize = Number(process.env.TEST_DATABASE_POOL_SIZE ?? 4)
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new Error('TEST_DATABASE_POOL_SIZE must be a whole number ≥ 1')
  return { maxConnections: poolSize, acquireTimeoutSeconds: 5 }
}

/**
 * Runs `cleanUp` when the test that called this ends, or, called outside a test (beforeAll, a file's top level), when
 * the file ends. Apps and databases made inside a test hold their connections only while it runs: a file of twenty
 * tests that each build an app otherwise holds twenty pools (and twenty listening connections) to its end.
 */
export function whenDone(cleanUp: () => Promise<void>): void {
  try {
    onTestFinished(cleanUp)
  } catch {
    afterAll(cleanUp)
  }
}

/**
 * A fresh database, dropped when the test that made it ends (or its file, see whenDone): cloned from the migrated
 * template, or from another test database (`copyOf`, whose open connections are ended first; its pool reconnects on
 * its next query).
 */
export async function createTestDatabase(
  options: { copyOf?: string } = {},
): Promise<DatabaseConnection & { url: string }> {
  const serverUrl = inject('serverUrl')
  const template = options.copyOf ?? inject('templateDatabase')
  const name = `larder_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  // CREATE DATABASE … TEMPLATE fails while another session uses the template; files start concurrently, so retry.
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (options.copyOf) {
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${template}`
      }
      await admin.unsafe(`create database ${name} template ${template}`)
      break
    } catch (error) {
      if (attempt >= 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100))
    }
  }
  const url = withDatabase(serverUrl, name)
  const connection = connectDatabase(url, testConnectionLimits())
  whenDone(async () => {
    await connection.close()
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
  })
  return { ...connection, url }
}
