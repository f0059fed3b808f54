import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { FileTokens } from '../../lib/file-tokens.js'
import { registerDownloadRoutes } from './routes.js'
import { createDownloadService } from './service.js'

/** `/api/utils/download`: files that export (and later backup) routes hand out as short-lived signed tokens. */
export function createDownloadsModule(deps: { config: Config; fileTokens: FileTokens }) {
  const service = createDownloadService({ dataDirectory: deps.config.dataDirectory, fileTokens: deps.fileTokens })
  return { registerRoutes: (app: FastifyInstance) => registerDownloadRoutes(app, service) }
}
