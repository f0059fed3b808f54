import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Mailer } from '../../lib/mail.js'
import { access } from '../access/index.js'
import { invitationRepo } from './invitations.repo.js'
import { createInvitationService } from './invitations.service.js'
import { householdRepo } from './repo.js'
import { registerHouseholdRoutes } from './routes.js'
import { createHouseholdService } from './service.js'

export type { InvitationService } from './invitations.service.js'
export type { HouseholdService } from './service.js'

/** Households, their preferences and their invitations. Depends on no other area. */
export function createHouseholdsModule(deps: { config: Config; db: Database; mailer: Mailer }) {
  const service = createHouseholdService({ db: deps.db, households: householdRepo })
  const invitations = createInvitationService({
    db: deps.db,
    invitations: invitationRepo,
    access,
    mailer: deps.mailer,
    baseUrl: deps.config.BASE_URL,
  })
  return {
    service,
    invitations,
    registerRoutes: (app: FastifyInstance) => registerHouseholdRoutes(app, { households: service, invitations }),
  }
}

export type HouseholdsModule = ReturnType<typeof createHouseholdsModule>
