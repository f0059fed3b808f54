import {
  createInvitation,
  emailInvitation,
  getHouseholdPreferences,
  getHouseholdStatistics,
  listInvitations,
  updateHouseholdPreferences,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { InvitationService } from './invitations.service.js'
import type { HouseholdService } from './service.js'

export function registerHouseholdRoutes(
  app: FastifyInstance,
  deps: { households: HouseholdService; invitations: InvitationService },
): void {
  const { households, invitations } = deps

  registerEndpoint(app, getHouseholdPreferences, ({ caller }) => households.preferences(caller))
  registerEndpoint(app, updateHouseholdPreferences, ({ caller, body }) => households.replacePreferences(caller, body))
  registerEndpoint(app, getHouseholdStatistics, ({ caller }) => households.statistics(caller))
  registerEndpoint(app, listInvitations, ({ caller }) => invitations.list(caller))
  registerEndpoint(app, createInvitation, ({ caller, body }) => invitations.create(caller, body.uses))
  registerEndpoint(app, emailInvitation, ({ caller, body }) => invitations.email(caller, body.email, body.token))
}
