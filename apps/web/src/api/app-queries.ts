import { queryOptions, useQuery } from '@tanstack/react-query'
import { appInfo, appTheme, startupInfo } from './app-facts'

/*
 * TanStack Query views of the public app facts, for pages of the signed-in chunk. They share the module-level
 * caches of app-facts.ts (which the sign-in page and the theme use without TanStack Query), so nothing is asked twice.
 */

export const appInfoQuery = queryOptions({
  queryKey: ['app', 'about'],
  queryFn: () => appInfo.load(),
  staleTime: 5 * 60_000,
})

/** Fetched once at start and kept for the page's life (docs/web.md "Calls and the HTTP client"). */
export const appThemeQuery = queryOptions({
  queryKey: ['app', 'about', 'theme'],
  queryFn: () => appTheme.load(),
  staleTime: Infinity,
  gcTime: Infinity,
})

export const startupInfoQuery = queryOptions({
  queryKey: ['app', 'about', 'startup-info'],
  queryFn: () => startupInfo.load(),
  staleTime: 0,
})

export function useAppInfo() {
  return useQuery(appInfoQuery)
}

export function useAppTheme() {
  return useQuery(appThemeQuery)
}
