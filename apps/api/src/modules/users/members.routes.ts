import { getGroupMember, listGroupMembers, listHouseholdMembers, setMemberPermissions } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { MemberService } from './members.service.js'

/** The member lists and permissions of a group and a household: their paths are the groups' and households', their rows users'. */
export function registerMemberRoutes(app: FastifyInstance, members: MemberService): void {
  registerEndpoint(app, listGroupMembers, ({ caller, query }) => members.groupMembers(caller, query))
  registerEndpoint(app, getGroupMember, ({ caller, params }) => members.groupMember(caller, params.usernameOrId))
  registerEndpoint(app, listHouseholdMembers, ({ caller, query }) => members.householdMembers(caller, query))
  registerEndpoint(app, setMemberPermissions, ({ caller, body }) => members.setPermissions(caller, body))
}
