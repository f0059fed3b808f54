import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { ExploreModule } from '../explore/index.js'
import { registerMediaRoutes } from './routes.js'
import { createMediaService } from './service.js'

/**
 * Media (docs/mealie-compatibility.md "Media"): recipe pictures, timeline pictures and attachments, served from DATA_DIR/media. A public
 * recipe's are public as in Mealie; a private recipe's only to its group's signed-in members or with a share token of
 * it (explore's rules). Profile pictures are served by the users area, which owns them.
 */
export function createMediaModule(deps: { config: Config; explore: ExploreModule }) {
  const service = createMediaService({
    dataDirectory: deps.config.dataDirectory,
    mediaAccess: deps.explore.mediaAccess,
  })
  return { service, registerRoutes: (app: FastifyInstance) => registerMediaRoutes(app, service) }
}

export type MediaModule = ReturnType<typeof createMediaModule>
