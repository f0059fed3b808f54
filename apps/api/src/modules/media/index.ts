import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import { registerMediaRoutes } from './routes.js'
import { createMediaService } from './service.js'

/**
 * Media (reference §2.10): recipe pictures, timeline pictures and attachments, served from DATA_DIR/media without
 * sign-in as Mealie serves them. Profile pictures are served by the users area, which owns them.
 */
export function createMediaModule(deps: { config: Config }) {
  const service = createMediaService({ dataDirectory: deps.config.dataDirectory })
  return { service, registerRoutes: (app: FastifyInstance) => registerMediaRoutes(app, service) }
}

export type MediaModule = ReturnType<typeof createMediaModule>
