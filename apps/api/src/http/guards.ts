import type { Guard } from '@larder/contracts'
import type { Caller } from './authentication.js'
import { forbidden } from './errors.js'

/**
 * One check per flag (docs/security.md "Identity and permissions"), shared by every module. Admins pass every flag guard because saving an admin
 * forces all four `can*` flags and `advanced` on (docs/mealie-compatibility.md "Users, groups and households").
 */
const guardChecks: Readonly<Record<Guard, (caller: Caller) => boolean>> = {
  admin: (caller) => caller.admin,
  advanced: (caller) => caller.admin || caller.advanced,
  canManage: (caller) => caller.admin || caller.canManage,
  canManageHousehold: (caller) => caller.admin || caller.canManageHousehold,
  canInvite: (caller) => caller.admin || caller.canInvite,
  canOrganize: (caller) => caller.admin || caller.canOrganize,
  // Every authenticated caller belongs to exactly one group; group-scoped repos do the rest.
  groupMember: () => true,
}

const guardMessages: Readonly<Record<Guard, string>> = {
  admin: 'Only administrators may do this',
  advanced: 'Turn on advanced options in your profile to do this',
  canManage: 'You need the "manage" permission to do this',
  canManageHousehold: 'You need the "manage household" permission to do this',
  canInvite: 'You need the "invite" permission to do this',
  canOrganize: 'You need the "organize" permission to do this',
  groupMember: 'You are not a member of this group',
}

export function passesGuard(caller: Caller, guard: Guard): boolean {
  return guardChecks[guard](caller)
}

export function requireGuards(caller: Caller, guards: readonly Guard[]): void {
  for (const guard of guards) {
    if (!passesGuard(caller, guard)) throw forbidden(guardMessages[guard])
  }
}
