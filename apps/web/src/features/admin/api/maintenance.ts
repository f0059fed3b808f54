import {
  cleanImages,
  cleanRecipeFolders,
  cleanTemp,
  getMaintenanceStorage,
  getMaintenanceSummary,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'

export const maintenanceKeys = {
  all: ['admin', 'maintenance'] as const,
  summary: () => [...maintenanceKeys.all, 'summary'] as const,
  storage: () => [...maintenanceKeys.all, 'storage'] as const,
}

export const maintenanceSummaryQuery = queryOptions({
  queryKey: maintenanceKeys.summary(),
  queryFn: () => call(getMaintenanceSummary),
})

export const maintenanceStorageQuery = queryOptions({
  queryKey: maintenanceKeys.storage(),
  queryFn: () => call(getMaintenanceStorage),
})

export function useMaintenanceSummary() {
  return useQuery(maintenanceSummaryQuery)
}

export function useMaintenanceStorage() {
  return useQuery(maintenanceStorageQuery)
}

const cleans = { images: cleanImages, temp: cleanTemp, recipeFolders: cleanRecipeFolders } as const
export type MaintenanceClean = keyof typeof cleans

/** Runs one clean; the summary and the sizes are read again after it. */
export function useMaintenanceClean() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clean: MaintenanceClean) => call(cleans[clean]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  })
}
