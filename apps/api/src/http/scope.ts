/**
 * The tenancy a repo function reads and writes within (docs/architecture.md "Tenancy and row-level access"): the caller's group, household and user.
 * Every repo function for tenant data takes it and filters every query by it, so a row of another group is simply
 * not found. A Caller is a Scope (it carries the three ids), so services pass the caller straight through.
 */
export interface Scope {
  readonly groupId: string
  readonly householdId: string
  readonly userId: string
}
