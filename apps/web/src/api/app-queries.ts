import { getAppInfo, getAppTheme, getStartupInfo } from '@larder/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './http'

export const appInfoQuery = queryOptions({
  queryKey: ['app', 'about'],
  queryFn: () => call(getAppInfo),
  staleTime: 5 * 60_000,
})

/** Fetched once at start and kept for the page's life (product spec §7). */
export const appThemeQuery = queryOptions({
  queryKey: ['app', 'about', 'theme'],
  queryFn: () => call(getAppTheme, { notify: false }),
  staleTime: Infinity,
  gcTime: Infinity,
})

export const startupInfoQuery = queryOptions({
  queryKey: ['app', 'about', 'startup-info'],
  queryFn: () => call(getStartupInfo, { notify: false }),
  staleTime: 0,
})

export function useAppInfo() {
  return useQuery(appInfoQuery)
}

export function useAppTheme() {
  return useQuery(appThemeQuery)
}
