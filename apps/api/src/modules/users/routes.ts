import { getSelf } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { UserService } from './service.js'

export function registerUserRoutes(app: FastifyInstance, users: UserService): void {
  registerEndpoint(app, getSelf, ({ caller }) => users.getSelf(caller))
}
