import { z } from 'zod'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { endpointGroup } from '../endpoint.js'

/** Larder's own (Mealie has no durable jobs): one background job as administrators see it, without its payload. */
export const BackgroundJob = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    /** When it runs (queued), or ran last (others). */
    runAfter: z.iso.datetime({ offset: true }),
    /** The error of the last failed attempt, kept when a later attempt succeeds too. */
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'BackgroundJob' })
export type BackgroundJob = z.infer<typeof BackgroundJob>

export const BackgroundJobCounts = z
  .object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'BackgroundJobCounts' })
export type BackgroundJobCounts = z.infer<typeof BackgroundJobCounts>

const jobs = endpointGroup({ tags: ['Admin: Background Jobs'], auth: 'admin' })

export const adminListJobs = jobs.endpoint({
  method: 'GET',
  path: '/api/admin/jobs',
  summary: 'List background jobs (queued, running, failed, and finished ones of the last day)',
  query: PaginationQuery,
  responses: { 200: paginated(BackgroundJob) },
})

export const adminCountJobs = jobs.endpoint({
  method: 'GET',
  path: '/api/admin/jobs/counts',
  summary: 'How many background jobs are in each state',
  responses: { 200: BackgroundJobCounts },
})

export const adminRetryJob = jobs.endpoint({
  method: 'POST',
  path: '/api/admin/jobs/:id/retry',
  summary: 'Run a failed background job again, with its attempts counted afresh',
  params: z.object({ id: z.uuid({ message: 'Not a valid id' }) }),
  responses: { 200: BackgroundJob, 404: ErrorResponse, 409: ErrorResponse },
})

export const adminJobEndpoints = [adminListJobs, adminCountJobs, adminRetryJob] as const
