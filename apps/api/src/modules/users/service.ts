import type { UserBase, UserOut } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Caller, VerifiedToken } from '../../http/authentication.js'
import type { Scope } from '../../http/scope.js'
import { badRequest, forbidden, notFound } from '../../http/errors.js'
import type { Access } from '../access/index.js'
import { hashPassword, verifyPassword } from '../../lib/passwords.js'
import { hashToken } from '../../lib/token-hash.js'
import type { ApiTokenRepo } from './api-tokens.repo.js'
import type { UserRecord, UserRepo } from './repo.js'

export function toUserOut(user: UserRecord, tokens: UserOut['tokens'] = []): UserOut {
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
    tokens,
    cacheKey: user.cacheKey,
  }
}

/** Saving an admin turns every flag on (docs/mealie-compatibility.md "Users, groups and households"). */
export function withAdminFlags<Flags extends { admin: boolean }>(flags: Flags): Flags {
  if (!flags.admin) return flags
  return { ...flags, advanced: true, canInvite: true, canManage: true, canManageHousehold: true, canOrganize: true }
}

export function createUserService(deps: { db: Database; users: UserRepo; apiTokens: ApiTokenRepo; access: Access }) {
  const { db, users, apiTokens, access } = deps

  /** A user of the scope's group; another group's user is not found. */
  async function requireUser(scope: Scope, userId: string): Promise<UserRecord> {
    const user = await users.findById(db, scope, userId)
    if (!user) throw notFound('User not found')
    return user
  }

  /** Any user of the server: administrators, and the account someone just created. */
  async function requireAnyUser(userId: string): Promise<UserRecord> {
    const user = await users.findAnyById(db, userId)
    if (!user) throw notFound('User not found')
    return user
  }

  async function userOut(user: UserRecord): Promise<UserOut> {
    return (await userOuts([user]))[0]!
  }

  /** A page of users with their tokens, in one token query rather than one per user. */
  async function userOuts(records: readonly UserRecord[]): Promise<UserOut[]> {
    const tokens = await apiTokens.listForUsers(
      db,
      records.map((user) => user.id),
    )
    return records.map((user) =>
      toUserOut(
        user,
        tokens
          .filter((token) => token.userId === user.id)
          .map((token) => ({ id: token.id, name: token.name, createdAt: token.createdAt.toISOString() })),
      ),
    )
  }

  return {
    requireUser,
    requireAnyUser,
    userOut,
    userOuts,

    async getSelf(caller: Caller): Promise<UserOut> {
      return userOut(await requireUser(caller, caller.userId))
    },

    /** Your own profile, or anyone's for an administrator; others learn nothing about the id. */
    async getProfile(caller: Caller, userId: string): Promise<UserOut> {
      access.requireOwnProfileOrAdmin(caller, [userId], 'You may only read your own profile')
      return userOut(caller.admin ? await requireAnyUser(userId) : await requireUser(caller, userId))
    },

    /**
     * The caller behind a verified token. A session issued before the last password change no longer counts, so
     * changing a password signs out every other device, and a session signed out of never counts again; an API
     * token counts only while its row exists.
     */
    async loadCaller(verified: VerifiedToken, carrier: Caller['carrier']): Promise<Caller | null> {
      const userId = verified.kind === 'session' ? verified.claims.sub : verified.claims.id
      if (!/^[0-9a-f-]{36}$/i.test(userId)) return null
      let user: UserRecord | null
      let session: Caller['session'] = null
      if (verified.kind === 'session') {
        const sessionId = hashToken(verified.token)
        const found = await users.findForSession(db, userId, sessionId)
        if (!found || found.sessionRevoked) return null
        const changedAt = found.passwordChangedAt?.getTime()
        if (changedAt && verified.claims.iat * 1000 < changedAt - 1000) return null
        user = found
        session = { id: sessionId, expiresAt: new Date(verified.claims.exp * 1000) }
      } else {
        user = await users.findForApiToken(db, userId, hashToken(verified.token))
        if (!user) return null
      }
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
        session,
      }
    },

    /**
     * Profile edit (PUT /api/users/{id}). Members change their own name, username, email and advanced switch;
     * flags, household, group and auth method change only through administrators (Mealie leaves these open; we
     * don't, docs/security.md "Access flags and guards"). The rest of the body is accepted and ignored so Mealie's clients can send UserOut back.
     */
    async updateProfile(caller: Caller, userId: string, body: UserBase & { email: string }): Promise<void> {
      access.requireOwnProfileOrAdmin(caller, [userId], 'You may only change your own profile')
      const target = await users.findById(db, caller, userId)
      if (!target) throw notFound('User not found')
      if (!caller.admin) {
        const changesPrivileges =
          (body.admin ?? false) !== target.admin ||
          (body.group != null && body.group !== target.groupName) ||
          (body.household != null && body.household !== target.householdName) ||
          (body.canInvite ?? false) !== target.canInvite ||
          (body.canManage ?? false) !== target.canManage ||
          (body.canManageHousehold ?? false) !== target.canManageHousehold ||
          (body.canOrganize ?? false) !== target.canOrganize ||
          (body.authMethod ?? 'Mealie') !== target.authMethod
        if (changesPrivileges) {
          throw forbidden('Only administrators change permissions, group, household or sign-in method')
        }
      } else if (userId === caller.userId && body.admin === false) {
        throw forbidden('You cannot remove your own administrator rights')
      }
      const email = body.email.trim().toLowerCase()
      const username = body.username?.trim() || target.username
      // A taken email or username is refused by the unique indexes: the error handler answers 409.
      await inTransaction(db, async (tx) => {
        await users.update(tx, caller, userId, {
          email,
          username,
          fullName: body.fullName?.trim() || target.fullName,
          advanced: caller.admin ? body.advanced : (body.advanced ?? target.advanced),
          ...(body.locale ? { locale: body.locale } : {}),
        })
        await publish(
          tx,
          { groupId: target.groupId, householdId: target.householdId, userId: caller.userId },
          { type: 'user.updated', document: { userId } },
        )
      })
    },

    async changePassword(caller: Caller, currentPassword: string, newPassword: string): Promise<void> {
      const user = await requireUser(caller, caller.userId)
      if (user.authMethod === 'LDAP') throw badRequest('Unable to update password, user is controlled by LDAP')
      if (user.authMethod === 'OIDC') throw badRequest('Unable to update password, user signs in with OIDC')
      if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest('Invalid current password')
      await users.update(db, caller, user.id, {
        passwordHash: await hashPassword(newPassword),
        passwordChangedAt: new Date(),
      })
    },
  }
}

export type UserService = ReturnType<typeof createUserService>
