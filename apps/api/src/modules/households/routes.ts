import {
  createInvitation,
  emailInvitation,
  getHouseholdPreferences,
  getHouseholdStatistics,
  getOwnHousehold,
  listHouseholdMembers,
  listInvitations,
  setMemberPermissions,
  updateHouseholdPreferences,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { GroupService } from '../groups/service.js'
import type { MemberService } from '../users/members.js'
import type { InvitationService } from './invitations.js'
import type { HouseholdService } from './service.js'

export function registerHouseholdRoutes(
  app: FastifyInstance,
  deps: { households: HouseholdService; groups: GroupService; members: MemberService; invitations: InvitationService },
): void {
  const { households, groups, members, invitations } = deps

  registerEndpoint(app, getOwnHousehold, async ({ caller }) => {
    const group = await groups.requireOwn(caller)
    return households.ownInDb(caller, group.name)
  })
  registerEndpoint(app, listHouseholdMembers, ({ caller, query }) => members.householdMembers(caller, query))
  registerEndpoint(app, getHouseholdPreferences, ({ caller }) => households.preferences(caller))
  registerEndpoint(app, updateHouseholdPreferences, ({ caller, body }) => households.replacePreferences(caller, body))
  registerEndpoint(app, setMemberPermissions, ({ caller, body }) => members.setPermissions(caller, body))
  registerEndpoint(app, getHouseholdStatistics, async ({ caller }) => ({
    // Recipes and organizers arrive with the recipe library; until then a household holds only its members.
    totalRecipes: 0,
    totalUsers: await households.countOwnUsers(caller),
    totalCategories: 0,
    totalTags: 0,
    totalTools: 0,
  }))
  registerEndpoint(app, listInvitations, ({ caller }) => invitations.list(caller))
  registerEndpoint(app, createInvitation, ({ caller, body }) => invitations.create(caller, body.uses))
  registerEndpoint(app, emailInvitation, ({ caller, body }) => invitations.email(caller, body.email, body.token))
}
