import {
  createCookbook,
  deleteCookbook,
  getCookbook,
  listCookbooks,
  updateCookbook,
  updateCookbooks,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { CookbookService } from './service.js'

export function registerCookbookRoutes(app: FastifyInstance, cookbooks: CookbookService): void {
  registerEndpoint(app, listCookbooks, ({ caller, query }) => cookbooks.page(caller, query, '/households/cookbooks'))
  registerEndpoint(app, createCookbook, async ({ caller, body, reply }) =>
    reply.status(201).send(await cookbooks.create(caller, body)),
  )
  registerEndpoint(app, updateCookbooks, ({ caller, body }) => cookbooks.updateMany(caller, body))
  registerEndpoint(app, getCookbook, ({ caller, params }) => cookbooks.get(caller, params.id))
  registerEndpoint(app, updateCookbook, ({ caller, params, body }) => cookbooks.update(caller, params.id, body))
  registerEndpoint(app, deleteCookbook, ({ caller, params }) => cookbooks.delete(caller, params.id))
}
