import type { z } from 'zod'
import type { CreateUserRegistration as RegistrationSchema, UserOut } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { badRequest, forbidden } from '../../http/errors.js'
import { hashPassword } from '../../lib/passwords.js'
import type { GroupService } from '../groups/index.js'
import type { InvitationService, HouseholdService } from '../households/index.js'
import type { UserRepo } from './repo.js'
import type { UserService } from './service.js'

type Registration = z.output<typeof RegistrationSchema>

export function createRegistrationService(deps: {
  db: Database
  allowSignup: boolean
  defaultHouseholdName: string
  users: UserRepo
  userService: UserService
  groups: GroupService
  households: HouseholdService
  invitations: InvitationService
}) {
  const { db, allowSignup, defaultHouseholdName, users, userService, groups, households, invitations } = deps

  return {
    /**
     * Registration (docs/mealie-compatibility.md "Registration, invitations and password reset"): with an invitation the person joins that household with no permissions; without
     * one (only when sign-up is open) they start a new group and get every group permission. All of it is written in
     * one transaction, and the invitation's use is spent in the same one. A taken username or email is refused by the
     * unique indexes, so that of parallel sign-ups with one name exactly one succeeds (the error handler answers 409).
     */
    async register(registration: Registration): Promise<UserOut> {
      /** Mealie's `user_signup`: heard by the household the person joined, in the sign-up's transaction. */
      const announceSignUp = async (
        tx: Executor,
        where: { groupId: string; householdId: string },
        userId: string,
      ): Promise<string> => {
        await publish(
          tx,
          { ...where, userId },
          {
            type: 'user.signed-up',
            document: { userId, username: registration.username, email: registration.email },
          },
        )
        return userId
      }
      const token = registration.groupToken ?? null
      if ((!allowSignup && token === null) || token === '') throw forbidden('User Registration is Disabled')
      const passwordHash = await hashPassword(registration.password)

      const userId = await inTransaction(db, async (transaction) => {
        const person = {
          username: registration.username,
          fullName: registration.fullName,
          email: registration.email,
          passwordHash,
          advanced: registration.advanced,
          locale: registration.locale,
        }
        if (token !== null) {
          const invitation = await invitations.findUsable(transaction, token)
          if (!invitation) throw badRequest('Invalid group token')
          await invitations.spendOne(transaction, invitation.id)
          const joined = { groupId: invitation.groupId, householdId: invitation.householdId }
          return announceSignUp(transaction, joined, await users.insert(transaction, { ...person, ...joined }))
        }
        const groupName = registration.group?.trim()
        if (!groupName) throw badRequest('Missing group')
        const { group, household } = await groups.create(transaction, groupName, { privateGroup: registration.private })
        let householdId = household.id
        const wantedHousehold = registration.household?.trim()
        if (wantedHousehold && wantedHousehold !== defaultHouseholdName) {
          const own = await households.create(transaction, group.id, wantedHousehold, {
            privateHousehold: registration.private,
            recipePublic: !registration.private,
            recipeShowNutrition: registration.advanced,
            recipeShowAssets: registration.advanced,
            recipeDisableComments: registration.advanced,
            recipeDisableAmount: registration.advanced,
          })
          householdId = own.id
        }
        const founded = { groupId: group.id, householdId }
        const founder = await users.insert(transaction, {
          ...person,
          ...founded,
          canInvite: true,
          canManage: true,
          canManageHousehold: true,
          canOrganize: true,
        })
        return announceSignUp(transaction, founded, founder)
      })
      return userService.userOut(await userService.requireAnyUser(userId))
    },

    /** The group and household an invitation joins, by name, for the page a person registers on. */
    describeInvitation: (token: string) => invitations.describe(token),

    async usernameIsFree(name: string) {
      return !(await users.usernameExists(db, name))
    },
    async emailIsFree(email: string) {
      return !(await users.emailExists(db, email))
    },
  }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>
