import type { z } from 'zod'
import type { AdminUpdateUser, UserIn, UserOut } from '@larder/contracts'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js'
import { hashPassword } from '../../lib/passwords.js'
import type { GroupService } from '../groups/index.js'
import type { HouseholdService } from '../households/index.js'
import type { UserDepartureService } from '../recipe-activity/index.js'
import type { RecipeService } from '../recipes/index.js'
import { withAdminFlags, type AvatarService, type UserRepo, type UserService } from '../users/index.js'

type AdminUserChanges = z.output<typeof AdminUpdateUser>

/** Administrators manage every user of the server; the rules that keep an admin in charge live here. */
export function createAdminUserService(deps: {
  config: Config
  db: Database
  users: UserRepo
  userService: UserService
  groups: GroupService
  households: HouseholdService
  avatars: AvatarService
  recipes: RecipeService
  departures: UserDepartureService
}) {
  const { config, db, users, userService, groups, households, avatars, recipes, departures } = deps

  /** Group and household are chosen by name (Mealie's admin screens send names); the household must be in the group. */
  async function resolvePlacement(groupName: string | null | undefined, householdName: string | null | undefined) {
    const group = await groups.findAnyByName(groupName?.trim() || config.DEFAULT_GROUP)
    if (!group) throw badRequest(`There is no group named "${groupName ?? config.DEFAULT_GROUP}"`)
    const household = await households.findInAnyGroupByName(group.id, householdName?.trim() || config.DEFAULT_HOUSEHOLD)
    if (!household) {
      throw badRequest(`The group has no household named "${householdName ?? config.DEFAULT_HOUSEHOLD}"`)
    }
    return { groupId: group.id, householdId: household.id }
  }

  return {
    async get(userId: string): Promise<UserOut> {
      return userService.userOut(await userService.requireAnyUser(userId))
    },

    async create(input: z.output<typeof UserIn>): Promise<UserOut> {
      const placement = await resolvePlacement(input.group, input.household)
      const flags = withAdminFlags({
        admin: input.admin,
        advanced: input.advanced,
        canInvite: input.canInvite,
        canManage: input.canManage,
        canManageHousehold: input.canManageHousehold,
        canOrganize: input.canOrganize,
      })
      const userId = await users.insert(db, {
        username: input.username,
        fullName: input.fullName,
        email: input.email,
        passwordHash: input.authMethod === 'Mealie' ? await hashPassword(input.password) : null,
        authMethod: input.authMethod,
        ...flags,
        ...placement,
        locale: input.locale ?? null,
      })
      return userService.userOut(await userService.requireAnyUser(userId))
    },

    /**
     * Whole-user edit. Moving a user to another household of their group moves their recipes with them: a recipe's
     * household is its owner's (docs/security.md "Recipe edit and delete rules"). Cookbooks stay with the household that made them. Recipes cannot
     * change group (their organizers, foods and units are the group's), so a user who owns recipes keeps their group.
     */
    async update(caller: Caller, userId: string, changes: AdminUserChanges): Promise<UserOut> {
      if (changes.id !== userId) throw badRequest('The id in the body does not match the address')
      const target = await users.findAnyById(db, userId)
      if (!target) throw notFound('User not found')
      if (target.id === caller.userId && !changes.admin) throw forbidden('you cannot demote yourself')
      const placement = await resolvePlacement(
        changes.group ?? target.groupName,
        changes.household ?? target.householdName,
      )
      const flags = withAdminFlags({
        admin: changes.admin,
        advanced: changes.advanced,
        canInvite: changes.canInvite,
        canManage: changes.canManage,
        canManageHousehold: changes.canManageHousehold,
        canOrganize: changes.canOrganize,
      })
      await inTransaction(db, async (tx) => {
        if (placement.groupId !== target.groupId && (await recipes.countOwned(tx, userId)) > 0) {
          throw conflict('This user owns recipes of their group: move them to a household of the same group')
        }
        await users.updateAny(tx, userId, {
          username: changes.username ?? target.username,
          fullName: changes.fullName ?? target.fullName,
          email: changes.email,
          authMethod: changes.authMethod,
          ...flags,
          ...placement,
        })
        if (placement.householdId !== target.householdId) {
          await recipes.moveOwnedToHousehold(tx, userId, placement.householdId)
        }
        // A user moved to another group leaves their old one: its members hear of a departure, the new ones of a change.
        if (placement.groupId !== target.groupId) {
          await publish(
            tx,
            { groupId: target.groupId, householdId: target.householdId, userId: caller.userId },
            { type: 'user.deleted', document: { userId } },
          )
        }
        await publish(
          tx,
          { groupId: placement.groupId, householdId: placement.householdId, userId: caller.userId },
          { type: 'user.updated', document: { userId } },
        )
      })
      return userService.userOut(await userService.requireAnyUser(userId))
    },

    async delete(caller: Caller, userId: string): Promise<UserOut> {
      if (userId === caller.userId) throw forbidden('You cannot delete your own account')
      const target = await users.findAnyById(db, userId)
      if (!target) throw notFound('User not found')
      if (target.admin && (await users.countAnyAdmins(db)) <= 1)
        throw forbidden('You cannot remove the last administrator')
      const answer = await userService.userOut(target)
      const removeActivityMedia = await inTransaction(db, async (tx) => {
        // Recipes outlive their owner's account only with another owner: the administrator hands them over first.
        const owned = await recipes.countOwned(tx, userId)
        if (owned > 0) {
          throw conflict(
            `This user owns ${owned} recipe${owned === 1 ? '' : 's'}: give them to another user before deleting the account`,
          )
        }
        const removeMedia = await departures.settle(tx, { id: userId, groupId: target.groupId })
        await users.deleteAny(tx, userId)
        await publish(
          tx,
          { groupId: target.groupId, householdId: target.householdId, userId: caller.userId },
          { type: 'user.deleted', document: { userId } },
        )
        return removeMedia
      })
      // Files go once the rows are gone for good: a rolled-back delete keeps its pictures.
      await removeActivityMedia()
      await avatars.remove(userId)
      return answer
    },

    async unlock(force: boolean): Promise<number> {
      const expiredBefore = new Date(Date.now() - config.SECURITY_USER_LOCKOUT_TIME * 3_600_000)
      return users.unlockAny(db, force ? null : expiredBefore)
    },
  }
}

export type AdminUserService = ReturnType<typeof createAdminUserService>
