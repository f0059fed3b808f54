import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import { registerReportRoutes } from './routes.js'
import { createReportService } from './service.js'

export type { ReportEntryInput, ReportService } from './service.js'
export type { QueuedReport } from './turns.js'

/** Reports of migrations, bulk imports, backups and restores, group scope (docs/mealie-compatibility.md "Group and household routes", docs/mealie-compatibility.md "Reports"). */
export function createReportsModule(deps: { db: Database }) {
  const service = createReportService(deps)
  return { service, registerRoutes: (app: FastifyInstance) => registerReportRoutes(app, service) }
}

export type ReportsModule = ReturnType<typeof createReportsModule>
