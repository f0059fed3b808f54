import type { UserOut } from '@larder/contracts'
import type { Caller, SessionClaims } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import type { UserRecord, UserRepo } from './repo.js'

export function toUserOut(user: NonNullable<UserRecord>): UserOut {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    authMethod: user.authMethod,
    admin: user.admin,
    group: user.groupName,
    groupId: user.groupId,
    groupSlug: user.groupSlug,
    household: user.householdName,
    householdId: user.householdId,
    householdSlug: user.householdSlug,
    advanced: user.advanced,
    canInvite: user.canInvite,
    canManage: user.canManage,
    canManageHousehold: user.canManageHousehold,
    canOrganize: user.canOrganize,
    tokens: [],
    cacheKey: user.cacheKey,
  }
}

export function createUserService(repo: UserRepo) {
  return {
    async getSelf(caller: Caller): Promise<UserOut> {
      const user = await repo.findById(caller.userId)
      if (!user) throw notFound('User not found')
      return toUserOut(user)
    },

    /**
     * The caller behind a verified session token. A token issued before the last password change no longer counts,
     * so changing a password signs out every other device.
     */
    async loadCaller(claims: SessionClaims, carrier: Caller['carrier']): Promise<Caller | null> {
      const user = await repo.findById(claims.sub).catch(() => null)
      if (!user) return null
      if (user.passwordChangedAt && claims.iat * 1000 < user.passwordChangedAt.getTime() - 1000) return null
      return {
        userId: user.id,
        groupId: user.groupId,
        householdId: user.householdId,
        admin: user.admin,
        advanced: user.advanced,
        canInvite: user.canInvite,
        canManage: user.canManage,
        canManageHousehold: user.canManageHousehold,
        canOrganize: user.canOrganize,
        carrier,
      }
    },
  }
}

export type UserService = ReturnType<typeof createUserService>
