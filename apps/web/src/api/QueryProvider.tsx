import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { queryClient } from './query-client'

/**
 * TanStack Query for the routes that use it. It is not part of the first load: /login and `/` do without it
 * (docs/budgets.md "Web budgets" budget), so the provider sits in the signed-in chunk and in this layout route for the other pages.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/** A pathless layout route that gives its children TanStack Query (lazy-loaded by router.tsx). */
export default function QueryScope() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  )
}
