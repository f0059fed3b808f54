import { ApiError } from '@/api/api-error'

/**
 * The message of a failure that the app has not already shown as a notification (the API client notifies the
 * server's message unless the call was quiet), for a dialog to show in place; null when there is none to show.
 */
export function unshownError(error: Error | null | undefined): string | null {
  if (!error) return null
  if (error instanceof ApiError && error.notified) return null
  return error.message
}
