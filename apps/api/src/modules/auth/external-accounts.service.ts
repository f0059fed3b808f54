import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { uniqueViolationOf } from '../../db/errors.js'
import { unauthorized } from '../../http/errors.js'
import type { GroupService } from '../groups/index.js'
import type { HouseholdService } from '../households/index.js'
import { withAdminFlags, type UserRecord, type UserRepo } from '../users/index.js'

export interface ExternalIdentity {
  username: string
  fullName: string
  email: string
  authMethod: 'LDAP' | 'OIDC'
  admin: boolean
}

/**
 * Accounts that another system vouches for (LDAP, OIDC): created on their first sign-in in the default group and
 * household, with no password, and their admin flag kept in step with that system at every sign-in.
 */
export function createExternalAccounts(deps: {
  config: Config
  db: Database
  users: UserRepo
  groups: GroupService
  households: HouseholdService
}) {
  const { config, db, users, groups, households } = deps

  return {
    async create(identity: ExternalIdentity): Promise<UserRecord> {
      const group = await groups.findAnyByName(config.DEFAULT_GROUP)
      const household = group ? await households.findInAnyGroupByName(group.id, config.DEFAULT_HOUSEHOLD) : null
      if (!group || !household) {
        throw unauthorized(
          `Your account could not be created: the default group "${config.DEFAULT_GROUP}" with its household ` +
            `"${config.DEFAULT_HOUSEHOLD}" does not exist on this server. Ask an administrator.`,
        )
      }
      const taken = (await users.usernameExists(db, identity.username)) || (await users.emailExists(db, identity.email))
      if (taken) {
        throw unauthorized(
          'Your account could not be created: its username or email is already used by another account. ' +
            'Ask an administrator.',
        )
      }
      const flags = withAdminFlags({
        admin: identity.admin,
        advanced: false,
        canInvite: false,
        canManage: false,
        canManageHousehold: false,
        canOrganize: false,
      })
      let userId: string
      try {
        userId = await users.insert(db, {
          username: identity.username,
          fullName: identity.fullName,
          email: identity.email,
          passwordHash: null,
          authMethod: identity.authMethod,
          ...flags,
          groupId: group.id,
          householdId: household.id,
        })
      } catch (error) {
        // Two first sign-ins of the same person at once: the second finds the name taken.
        if (uniqueViolationOf(error) !== null)
          throw unauthorized('Your account is being created; sign in again in a moment')
        throw error
      }
      const created = await users.findAnyById(db, userId)
      if (!created) throw new Error(`user ${userId} vanished right after it was created`)
      return created
    },

    /** Makes the admin flag say what the other system says; becoming admin turns every flag on (docs/mealie-compatibility.md "Users, groups and households"). */
    async syncAdmin(user: UserRecord, admin: boolean): Promise<void> {
      if (user.admin === admin) return
      const flags = {
        admin,
        advanced: user.advanced,
        canInvite: user.canInvite,
        canManage: user.canManage,
        canManageHousehold: user.canManageHousehold,
        canOrganize: user.canOrganize,
      }
      await users.updateAny(db, user.id, withAdminFlags(flags))
    },
  }
}

export type ExternalAccounts = ReturnType<typeof createExternalAccounts>
