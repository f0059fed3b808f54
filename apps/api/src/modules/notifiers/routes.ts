import {
  createNotifier,
  deleteNotifier,
  getNotifier,
  listNotifierDeliveries,
  listNotifiers,
  testNotifier,
  updateNotifier,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { NotifierService } from './service.js'

export function registerNotifierRoutes(app: FastifyInstance, notifiers: NotifierService): void {
  registerEndpoint(app, listNotifiers, ({ caller, query }) =>
    notifiers.page(caller, query, '/households/events/notifications'),
  )
  registerEndpoint(app, createNotifier, async ({ caller, body, reply }) =>
    reply.status(201).send(await notifiers.create(caller, body)),
  )
  registerEndpoint(app, getNotifier, ({ caller, params }) => notifiers.get(caller, params.id))
  registerEndpoint(app, updateNotifier, ({ caller, params, body }) => notifiers.update(caller, params.id, body))
  registerEndpoint(app, deleteNotifier, async ({ caller, params, reply }) => {
    await notifiers.delete(caller, params.id)
    return reply.status(204).send()
  })
  registerEndpoint(app, testNotifier, async ({ caller, params, reply }) => {
    await notifiers.test(caller, params.id)
    return reply.status(204).send()
  })
  registerEndpoint(app, listNotifierDeliveries, ({ caller, params, query }) =>
    notifiers.deliveries(caller, params.id, query.limit),
  )
}
