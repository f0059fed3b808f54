import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

/** A version of the caller's group's events, as `id:` carried it. */
const EventVersion = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/**
 * The changes the caller may see, as they commit, as server-sent events (docs/events.md): `id: <version>`, `event:
 * <type>` from the event catalogue, `data:` the version and the ids (a poke: read the resource through its endpoint).
 * `Last-Event-ID` (or `lastEventId`, for a new EventSource) resumes after a version; a version too old to replay
 * answers one `reset` event, after which the stream goes on from the group's last version. A comment every 20 s keeps
 * the connection open through proxies. `once` answers what there is after the version and ends: the poll of a client
 * that cannot keep a stream open.
 */
export const openLiveEvents = endpoint({
  method: 'GET',
  path: '/api/live',
  summary: 'Hear of the changes you may see, as server-sent events',
  tags: ['Live'],
  auth: 'user',
  query: z.object({
    lastEventId: EventVersion.optional(),
    once: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  }),
  responses: {
    200: z.string().describe('text/event-stream'),
    401: ErrorResponse,
    429: ErrorResponse,
  },
})

export const liveEndpoints = [openLiveEvents] as const
