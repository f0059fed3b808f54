import { getAppInfo, getAppTheme, getStartupInfo } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { AppService } from './service.js'

export function registerAppRoutes(app: FastifyInstance, service: AppService): void {
  registerEndpoint(app, getAppInfo, () => service.about())
  registerEndpoint(app, getStartupInfo, () => service.startupInfo())
  registerEndpoint(app, getAppTheme, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=604800')
    return service.theme()
  })
}
