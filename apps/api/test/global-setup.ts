import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '../src/db/client.js'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres.js'
import { applyMigrations } from '../src/db/migrate.js'
import { withDatabase } from './database-url.js'

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string
    templateDatabase: string
  }
}

/**
 * Runs once per test run: picks the server (TEST_DATABASE_URL, else an embedded one in a temporary directory), and
 * migrates a template database that every test file clones in tens of milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | null = null
  let scratch: string | null = null
  let serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-test-pg-'))
    await fs.chmod(scratch, 0o755)
    embedded = await startEmbeddedPostgres({
      dataDirectory: path.join(scratch, 'cluster'),
      passwordFile: path.join(scratch, 'password'),
      log: () => {},
    })
    serverUrl = embedded.url
  }
  const templateDatabase = `larder_template_${randomBytes(5).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${templateDatabase}`)
  const template = connectDatabase(withDatabase(serverUrl, templateDatabase), { maxConnections: 1 })
  await applyMigrations(template.sql)
  await template.close()

  project.provide('serverUrl', serverUrl)
  project.provide('templateDatabase', templateDatabase)

  return async () => {
    await admin.unsafe(`drop database if exists ${templateDatabase} with (force)`)
    await admin.end()
    await embedded?.stop()
    if (scratch) await fs.rm(scratch, { recursive: true, force: true })
  }
}
