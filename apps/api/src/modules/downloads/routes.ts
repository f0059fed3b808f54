import { downloadFile } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { attachment } from '../../lib/content-disposition.js'
import type { DownloadService } from './service.js'

export function registerDownloadRoutes(app: FastifyInstance, downloads: DownloadService): void {
  registerEndpoint(app, downloadFile, async ({ query, reply }) => {
    const file = await downloads.open(query.token)
    return reply
      .type('application/octet-stream')
      .header('content-disposition', attachment(file.fileName))
      .header('content-length', file.size)
      .header('cache-control', 'no-store')
      .send(file.stream)
  })
}
