import type { UserOut, UserSummary } from '@larder/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/index.js'
import type { Caller } from '../../http/authentication.js'
import { forbidden, notFound } from '../../http/errors.js'
import { paginate, type ListQuery, type Page } from '../../http/list-query/index.js'
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Lists of people and the permission flags of household members; every query is scoped to the caller's tenancy. */
export function createMemberService(deps: { db: Database; users: UserRepo; userService: UserService }) {
  const { db, users: repo, userService } = deps

  async function records(ids: (string | number)[]) {
    return repo.findByIds(ids.map(String))
  }

  return {
    groupMembers(caller: Caller, query: ListQuery): Promise<Page<UserSummary>> {
      return paginate(db, memberSummaryListSpec, query, {
        scope: eq(users.groupId, caller.groupId),
        path: '/groups/members',
        select: async (ids) => (await records(ids)).map(toSummary),
      })
    },

    async groupMember(caller: Caller, usernameOrId: string): Promise<UserSummary> {
      const key = usernameOrId.trim()
      const condition = uuidPattern.test(key) ? eq(users.id, key) : eq(users.username, key)
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.groupId, caller.groupId), condition))
        .limit(1)
      const user = row ? await repo.findById(row.id) : null
      if (!user) throw notFound('User Not Found')
      return toSummary(user)
    },

    householdMembers(caller: Caller, query: ListQuery): Promise<Page<UserOut>> {
      return paginate(db, userListSpec, query, {
        scope: and(eq(users.groupId, caller.groupId), eq(users.householdId, caller.householdId)),
        path: '/households/members',
        select: async (ids) => userService.userOuts(await records(ids)),
      })
    },

    allUsers(query: ListQuery): Promise<Page<UserOut>> {
      return paginate(db, userListSpec, query, {
        scope: undefined,
        path: '/admin/users',
        select: async (ids) => userService.userOuts(await records(ids)),
      })
    },

    summariesOfGroup: async (groupId: string): Promise<UserSummary[]> => {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.groupId, groupId))
        .orderBy(sql`lower(${users.username})`)
      return (await records(rows.map((row) => row.id))).map(toSummary)
    },

    /**
     * PUT /api/households/permissions (canManage): another member of the caller's own household. An admin target
     * keeps every flag, since saving an admin forces them on.
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
      const target = await repo.findById(change.userId)
      if (!target) throw notFound('User not found')
      if (target.groupId !== caller.groupId) throw notFound('User not found')
      if (target.householdId !== caller.householdId) throw forbidden('User is not a member of this household')
      if (target.id === caller.userId) throw forbidden('You cannot change your own permissions')
      const flags = withAdminFlags({
        admin: target.admin,
        advanced: target.advanced,
        canManageHousehold: change.canManageHousehold,
        canManage: change.canManage,
        canInvite: change.canInvite,
        canOrganize: change.canOrganize,
      })
      await repo.update(db, target.id, {
        canManageHousehold: flags.canManageHousehold,
        canManage: flags.canManage,
        canInvite: flags.canInvite,
        canOrganize: flags.canOrganize,
      })
      return userService.userOut(await userService.requireUser(target.id))
    },
  }
}

export type MemberService = ReturnType<typeof createMemberService>
