import { z } from 'zod'
import { endpoint } from '../endpoint.js'

export const HealthStatus = z.object({ status: z.literal('ok') }).meta({ id: 'HealthStatus' })
export type HealthStatus = z.infer<typeof HealthStatus>

export const ReadinessStatus = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['current', 'pending', 'unknown']),
  })
  .meta({ id: 'ReadinessStatus' })
export type ReadinessStatus = z.infer<typeof ReadinessStatus>

/** Liveness for process managers and orchestrators: answers while the process serves requests, never queries. */
export const getHealth = endpoint({
  method: 'GET',
  path: '/api/app/health',
  summary: 'Tell whether the server process is alive',
  tags: ['App: Health'],
  auth: 'public',
  responses: { 200: HealthStatus },
})

/** Readiness for load balancers: 503 while the database does not answer or migrations are not all applied. */
export const getReadiness = endpoint({
  method: 'GET',
  path: '/api/app/health/ready',
  summary: 'Tell whether the server can answer requests: database reachable, migrations current',
  tags: ['App: Health'],
  auth: 'public',
  responses: { 200: ReadinessStatus, 503: ReadinessStatus },
})
