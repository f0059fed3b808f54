/*
 * What other parts of the app use of the reports: the report of one run (bulk import, migration) with its entries,
 * the table of a category's past reports, and the query keys to refresh after starting a run.
 */
import './styles'
export { reportKeys, reportQuery, reportsQuery, useReport } from './api/reports'
export { ReportView } from './components/ReportView'
export { ReportsTable } from './components/ReportsTable'
export { ReportStatusBadge } from './components/ReportStatusBadge'
