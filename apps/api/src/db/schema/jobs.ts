import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'

/**
 * Durable background work (docs/architecture.md "Beyond one machine"): a row per job, taken with FOR UPDATE SKIP LOCKED by any instance, held by a
 * lease so that a job whose instance died is taken again once the lease runs out.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: primaryId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (table) => [
    index('background_jobs_ready_idx')
      .on(table.runAfter)
      .where(sql`status in ('queued', 'running')`),
  ],
)

/**
 * The last slot each recurring schedule (or schedule and target, such as a household) was given, so that a slot's job
 * is enqueued once however many instances see it due: the instance whose update moves `last_slot` forward enqueues.
 */
export const jobSchedules = pgTable('job_schedules', {
  key: text('key').primaryKey(),
  lastSlot: timestamp('last_slot', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
