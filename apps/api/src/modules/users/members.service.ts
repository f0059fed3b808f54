import type { UserOut, UserSummary } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { Access } from '../access/index.js'
import { memberSummaryListSpec, userListSpec } from './list-spec.js'
import type { UserRecord, UserRepo } from './repo.js'
import { withAdminFlags, type UserService } from './service.js'

function toSummary(user: UserRecord): UserSummary {
  return {
    id: user.id,
    groupId: user.groupId,
    householdId: user.householdId,
    username: user.username,
    fullName: user.fullName,
  }
}

/** Lists of people and the permission flags of household members; every read is scoped to the caller's tenancy. */
export function createMemberService(deps: { db: Database; users: UserRepo; userService: UserService; access: Access }) {
  const { db, users: repo, userService, access } = deps

  return {
    groupMembers(scope: Scope, query: ListQuery): Promise<Page<UserSummary>> {
      return repo.pageOfGroupMembers(db, scope, memberSummaryListSpec, query, {
        path: '/groups/members',
        select: async (ids) => (await repo.findByIds(db, scope, ids.map(String))).map(toSummary),
      })
    },

    async groupMember(scope: Scope, usernameOrId: string): Promise<UserSummary> {
      const user = await repo.findGroupMember(db, scope, usernameOrId)
      if (!user) throw notFound('User Not Found')
      return toSummary(user)
    },

    householdMembers(scope: Scope, query: ListQuery): Promise<Page<UserOut>> {
      return repo.pageOfHouseholdMembers(db, scope, userListSpec, query, {
        path: '/households/members',
        select: async (ids) => userService.userOuts(await repo.findByIds(db, scope, ids.map(String))),
      })
    },

    /** Every user of the server: administrators only. */
    allUsers(query: ListQuery): Promise<Page<UserOut>> {
      return repo.pageOfAnyUsers(db, userListSpec, query, {
        path: '/admin/users',
        select: async (ids) => userService.userOuts(await repo.findAnyByIds(db, ids.map(String))),
      })
    },

    /** The members of any group, for administrators' GroupInDB. */
    summariesOfAnyGroup: async (groupId: string): Promise<UserSummary[]> =>
      (await repo.findAnyGroupMembers(db, groupId)).map(toSummary),

    /**
     * PUT /api/households/permissions (canManage): another member of the caller's own household (the access module
     * decides). An admin target keeps every flag, since saving an admin forces them on.
     */
    async setPermissions(
      caller: Caller,
      change: {
        userId: string
        canManageHousehold: boolean
        canManage: boolean
        canInvite: boolean
        canOrganize: boolean
      },
    ): Promise<UserOut> {
      await access.requireMemberPermissionsChange(db, caller, [change.userId])
      const target = await repo.findById(db, caller, change.userId)
      if (!target) throw notFound('User not found')
      const flags = withAdminFlags({
        admin: target.admin,
        advanced: target.advanced,
        canManageHousehold: change.canManageHousehold,
        canManage: change.canManage,
        canInvite: change.canInvite,
        canOrganize: change.canOrganize,
      })
      await repo.update(db, caller, target.id, {
        canManageHousehold: flags.canManageHousehold,
        canManage: flags.canManage,
        canInvite: flags.canInvite,
        canOrganize: flags.canOrganize,
      })
      return userService.userOut(await userService.requireUser(caller, target.id))
    },
  }
}

export type MemberService = ReturnType<typeof createMemberService>
