import { deleteReport, getReport, listReports } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { ReportService } from './service.js'

export function registerReportRoutes(app: FastifyInstance, reports: ReportService): void {
  registerEndpoint(app, listReports, ({ caller, query }) => reports.list(caller, query.report_type))
  registerEndpoint(app, getReport, ({ caller, params }) => reports.get(caller, params.id))
  registerEndpoint(app, deleteReport, ({ caller, params }) => reports.delete(caller, params.id))
}
