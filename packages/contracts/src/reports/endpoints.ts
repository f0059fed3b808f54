import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { ReportCategory, ReportOut, ReportSummary } from './models.js'

/** Reports of migrations, bulk imports, backups and restores; group scope (docs/mealie-compatibility.md "Group and household routes"). */
const reports = endpointGroup({
  tags: ['Groups: Reports'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})

export const listReports = reports.endpoint({
  method: 'GET',
  path: '/api/groups/reports',
  summary: "List the group's reports of one category, newest first (no entries)",
  // Query parameters are inlined in the OpenAPI document, so the enum is spelled here without a schema id.
  query: z.object({ report_type: z.enum(ReportCategory.options).optional() }),
  responses: { 200: z.array(ReportSummary) },
})

export const getReport = reports.endpoint({
  method: 'GET',
  path: '/api/groups/reports/:id',
  summary: 'Read one report with its entries',
  params: z.object({ id: z.uuid() }),
  responses: { 200: ReportOut },
})

export const deleteReport = reports.endpoint({
  method: 'DELETE',
  path: '/api/groups/reports/:id',
  summary: 'Delete a report and its entries',
  params: z.object({ id: z.uuid() }),
  responses: { 200: SuccessResponse },
})

export const reportEndpoints = [listReports, getReport, deleteReport] as const
