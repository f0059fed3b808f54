import { onlineManager, QueryClient } from '@tanstack/react-query'

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

// TanStack Query starts "online" and learns only from later online/offline events: a page opened with no network
// (reloaded in a shop) would send its reads and writes and fail them, instead of waiting, and show the lists kept on
// the device as errors (issue #32). It starts from what the browser says now.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
