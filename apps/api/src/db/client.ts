import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import * as schema from './schema/index.js'

export type Database = PostgresJsDatabase<typeof schema>
export type SqlClient = postgres.Sql

export interface DatabaseConnection {
  db: Database
  sql: SqlClient
  close(): Promise<void>
}

export function connectDatabase(url: string, options: { maxConnections?: number } = {}): DatabaseConnection {
  const sql = postgres(url, {
    max: options.maxConnections ?? 10,
    idle_timeout: 60,
    onnotice: () => {},
    connection: { application_name: 'larder' },
  })
  const db = drizzle(sql, { schema })
  return { db, sql, close: () => sql.end({ timeout: 5 }) }
}
