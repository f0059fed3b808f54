import { QueryClient } from '@tanstack/react-query'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client already retries once by the spec's rules; a second layer would multiply them.
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
})
