import {
  getGroupHousehold,
  getGroupPreferences,
  getOwnGroup,
  getOwnHousehold,
  listGroupHouseholds,
  updateGroupPreferences,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { HouseholdService } from '../households/index.js'
import type { GroupService } from './service.js'

export function registerGroupRoutes(
  app: FastifyInstance,
  deps: { groups: GroupService; households: HouseholdService },
): void {
  const { groups, households } = deps

  registerEndpoint(app, getOwnGroup, ({ caller }) => groups.summary(caller))
  // The caller's own household answers with its group's name; the groups area is built on the households one, so the
  // binding that needs both lives here rather than make the households area depend on the groups area.
  registerEndpoint(app, getOwnHousehold, async ({ caller }) => {
    const group = await groups.requireOwn(caller)
    return households.ownInDb(caller, group.name)
  })
  registerEndpoint(app, getGroupPreferences, ({ caller }) => groups.preferences(caller))
  registerEndpoint(app, updateGroupPreferences, ({ caller, body }) =>
    groups.updatePreferences(caller, body.privateGroup),
  )
  registerEndpoint(app, listGroupHouseholds, ({ caller, query }) =>
    households.page(caller, query, '/groups/households'),
  )
  registerEndpoint(app, getGroupHousehold, ({ caller, params }) => households.findInGroup(caller, params.householdSlug))
}
