import { categoryEndpoints, tagEndpoints, toolEndpoints } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { OrganizerService } from './service.js'
import type { ToolService } from './tools.service.js'

function registerNamedOrganizerRoutes(
  app: FastifyInstance,
  endpoints: typeof categoryEndpoints | typeof tagEndpoints,
  organizers: OrganizerService,
  path: string,
): void {
  registerEndpoint(app, endpoints.list, ({ caller, query }) => organizers.page(caller, query, path))
  registerEndpoint(app, endpoints.create, ({ caller, body }) => organizers.create(caller, body.name))
  registerEndpoint(app, endpoints.empty, ({ caller }) => organizers.unused(caller))
  registerEndpoint(app, endpoints.get, ({ caller, params }) => organizers.get(caller, params.id))
  registerEndpoint(app, endpoints.getBySlug, ({ caller, params }) => organizers.getBySlug(caller, params.slug))
  registerEndpoint(app, endpoints.update, ({ caller, params, body }) => organizers.rename(caller, params.id, body.name))
  registerEndpoint(app, endpoints.remove, ({ caller, params }) => organizers.remove(caller, params.id))
}

export function registerOrganizerRoutes(
  app: FastifyInstance,
  deps: { categories: OrganizerService; tags: OrganizerService; tools: ToolService },
): void {
  registerNamedOrganizerRoutes(app, categoryEndpoints, deps.categories, '/categories')
  registerNamedOrganizerRoutes(app, tagEndpoints, deps.tags, '/tags')

  const { tools } = deps
  registerEndpoint(app, toolEndpoints.list, ({ caller, query }) => tools.page(caller, query, '/tools'))
  registerEndpoint(app, toolEndpoints.create, ({ caller, body }) => tools.create(caller, body))
  registerEndpoint(app, toolEndpoints.empty, ({ caller }) => tools.unused(caller))
  registerEndpoint(app, toolEndpoints.get, ({ caller, params }) => tools.get(caller, params.id))
  registerEndpoint(app, toolEndpoints.getBySlug, ({ caller, params }) => tools.getBySlug(caller, params.slug))
  registerEndpoint(app, toolEndpoints.update, ({ caller, params, body }) => tools.update(caller, params.id, body))
  registerEndpoint(app, toolEndpoints.remove, ({ caller, params }) => tools.remove(caller, params.id))
}
