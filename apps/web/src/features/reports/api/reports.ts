import { deleteReport, getReport, listReports, type ReportCategory } from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'

/** How often a report that is still being written is asked again. */
export const reportPollMs = 1500

export const reportKeys = {
  all: ['reports'] as const,
  list: (category: ReportCategory) => ['reports', 'list', category] as const,
  detail: (id: string) => ['reports', 'detail', id] as const,
}

export const reportsQuery = (category: ReportCategory) =>
  queryOptions({
    queryKey: reportKeys.list(category),
    queryFn: () => call(listReports, { query: { report_type: category }, notify: false }),
  })

/** The list of one category's reports; asked again while one of them is still in progress. */
export function useReports(category: ReportCategory) {
  return useQuery({
    ...reportsQuery(category),
    refetchInterval: (query) =>
      query.state.data?.some((report) => report.status === 'in-progress') ? reportPollMs * 2 : false,
  })
}

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: reportKeys.detail(id),
    // Quiet: the report page shows a failure itself (not found, or the message with "try again").
    queryFn: () => call(getReport, { params: { id }, notify: false }),
    retryOnMount: false,
  })

/** One report with its entries; polled until its work has ended (bulk imports fill it in the background). */
export function useReport(id: string | null) {
  return useQuery({
    ...reportQuery(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'in-progress' ? reportPollMs : false),
  })
}

export function useDeleteReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(deleteReport, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: reportKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: ['reports', 'list'] })
    },
  })
}
