import type { Caller } from './authentication.js'

/**
 * The tenancy a repo function reads and writes within (DESIGN §5 "Tenancy"): the caller's group, household and user.
 * Every repo function for tenant data takes it and filters every query by it, so a row of another group is simply
 * not found. A Caller is a Scope (it carries the three ids), so services pass the caller straight through.
 */
export interface Scope {
  readonly groupId: string
  readonly householdId: string
  readonly userId: string
}

/** Only the three ids, for code that keeps a scope beyond the request (jobs, logs). */
export function scopeOf(caller: Caller): Scope {
  return { groupId: caller.groupId, householdId: caller.householdId, userId: caller.userId }
}
