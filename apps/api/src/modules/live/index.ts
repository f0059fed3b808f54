import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { NotificationHub } from '../../events/notification-hub.js'
import { registerLiveRoutes } from './routes.js'
import { createLiveService } from './service.js'

export type { LiveService } from './service.js'

const heartbeatMs = 20_000
/** About two hundred pokes a slow phone may leave unread before it is cut off and resumes. */
const maximumQueuedBytes = 64 * 1024
/** How long a sign-out may go on being heard, at most, by a stream opened before it. */
const maximumLifetimeMs = 5 * 60_000

/** `GET /api/live`: the changes a member may see, as server-sent events, from the instance's notification hub. */
export function createLiveModule(deps: { config: Config; hub: NotificationHub }) {
  const service = createLiveService({
    hub: deps.hub,
    limits: {
      streamsPerUser: deps.config.LIVE_STREAMS_PER_USER,
      streamsPerInstance: deps.config.LIVE_STREAMS_PER_INSTANCE,
      heartbeatMs,
      maximumQueuedBytes,
      maximumLifetimeMs,
    },
  })
  return {
    service,
    registerRoutes(app: FastifyInstance) {
      // Before the server closes: it waits for open connections, and a stream stays open until it is ended.
      app.addHook('preClose', (done) => {
        service.closeAll()
        done()
      })
      registerLiveRoutes(app, service)
    },
  }
}

export type LiveModule = ReturnType<typeof createLiveModule>
