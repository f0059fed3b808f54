import { adminCountJobs, adminListJobs, adminRetryJob, type BackgroundJob } from '@larder/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'

export type JobStatusFilter = 'all' | BackgroundJob['status']

export const adminJobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (status: JobStatusFilter, page: number) => [...adminJobKeys.all, 'list', status, page] as const,
  counts: () => [...adminJobKeys.all, 'counts'] as const,
}

/** A page of jobs, the latest change first; polled while the page is open, since jobs move on their own. */
export const adminJobsQuery = (status: JobStatusFilter, page: number) =>
  queryOptions({
    queryKey: adminJobKeys.list(status, page),
    queryFn: async () =>
      await call(adminListJobs, {
        query: {
          page,
          perPage: 25,
          orderBy: 'updated_at',
          orderDirection: 'desc',
          ...(status === 'all' ? {} : { queryFilter: `status = "${status}"` }),
        },
      }),
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  })

export const adminJobCountsQuery = () =>
  queryOptions({ queryKey: adminJobKeys.counts(), queryFn: () => call(adminCountJobs), refetchInterval: 5_000 })

export function useAdminJobs(status: JobStatusFilter, page: number) {
  return useQuery(adminJobsQuery(status, page))
}

export function useAdminJobCounts() {
  return useQuery(adminJobCountsQuery())
}

export function useRetryJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(adminRetryJob, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminJobKeys.all }),
  })
}
