import {
  getGroupHousehold,
  getGroupMember,
  getGroupPreferences,
  getOwnGroup,
  listGroupHouseholds,
  listGroupMembers,
  updateGroupPreferences,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { HouseholdService } from '../households/service.js'
import type { MemberService } from '../users/members.js'
import type { GroupService } from './service.js'

export function registerGroupRoutes(
  app: FastifyInstance,
  deps: { groups: GroupService; households: HouseholdService; members: MemberService },
): void {
  const { groups, members } = deps

  registerEndpoint(app, getOwnGroup, ({ caller }) => groups.summary(caller))
  registerEndpoint(app, listGroupMembers, ({ caller, query }) => members.groupMembers(caller, query))
  registerEndpoint(app, getGroupMember, ({ caller, params }) => members.groupMember(caller, params.usernameOrId))
  registerEndpoint(app, getGroupPreferences, ({ caller }) => groups.preferences(caller))
  registerEndpoint(app, updateGroupPreferences, ({ caller, body }) =>
    groups.updatePreferences(caller, body.privateGroup),
  )
  registerEndpoint(app, listGroupHouseholds, ({ caller, query }) =>
    deps.households.page(caller, query, '/groups/households'),
  )
  registerEndpoint(app, getGroupHousehold, ({ caller, params }) =>
    deps.households.findInGroup(caller, params.householdSlug),
  )
}
