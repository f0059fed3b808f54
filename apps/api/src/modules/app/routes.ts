import { getAppInfo, getAppTheme, getHealth, getReadiness, getStartupInfo } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { HealthService } from './health.service.js'
import type { AppService } from './service.js'

export function registerAppRoutes(app: FastifyInstance, service: AppService, health: HealthService): void {
  registerEndpoint(app, getAppInfo, () => service.about())
  registerEndpoint(app, getStartupInfo, () => service.startupInfo())
  registerEndpoint(app, getAppTheme, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=604800')
    return service.theme()
  })
  registerEndpoint(app, getHealth, () => ({ status: 'ok' as const }))
  registerEndpoint(app, getReadiness, async ({ reply }) => {
    const readiness = await health.readiness()
    reply.header('cache-control', 'no-store')
    if (readiness.status !== 'ok') reply.code(503)
    return readiness
  })
}
