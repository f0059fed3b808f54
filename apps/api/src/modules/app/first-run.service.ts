import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { groupPreferences, groups, householdPreferences, households, users } from '../../db/schema/index.js'
import { hashPassword } from '../../lib/passwords.js'
import { slugify } from '../../lib/slugs.js'

/** Mealie's seeded administrator, kept so that its docs and clients work (docs/mealie-compatibility.md "Users, groups and households"). */
export const defaultAdmin = {
  username: 'admin',
  fullName: 'Change Me',
  email: 'changeme@example.com',
  password: 'MyPassword',
} as const

/**
 * On the very first start: the default group, its household and the first admin, in one transaction. Later starts
 * cost one indexed probe, whatever the amount of data. An advisory lock keeps two instances from seeding twice.
 */
export async function seedFirstRun(db: Database, names: { group: string; household: string }): Promise<boolean> {
  const anyUser = await db.select({ id: users.id }).from(users).limit(1)
  if (anyUser.length > 0) return false
  const passwordHash = await hashPassword(defaultAdmin.password)
  return inTransaction(db, async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(7351001)`)
    const existing = await transaction.select({ id: users.id }).from(users).limit(1)
    if (existing.length > 0) return false
    const [group] = await transaction
      .insert(groups)
      .values({ name: names.group, slug: slugify(names.group) })
      .returning({ id: groups.id })
    if (!group) throw new Error('could not create the default group')
    await transaction.insert(groupPreferences).values({ groupId: group.id, privateGroup: true })
    const [household] = await transaction
      .insert(households)
      .values({ groupId: group.id, name: names.household, slug: slugify(names.household) })
      .returning({ id: households.id })
    if (!household) throw new Error('could not create the default household')
    await transaction
      .insert(householdPreferences)
      .values({ householdId: household.id, privateHousehold: true, recipePublic: false })
    await transaction.insert(users).values({
      username: defaultAdmin.username,
      fullName: defaultAdmin.fullName,
      email: defaultAdmin.email,
      passwordHash,
      admin: true,
      advanced: true,
      canInvite: true,
      canManage: true,
      canManageHousehold: true,
      canOrganize: true,
      groupId: group.id,
      householdId: household.id,
    })
    return true
  })
}
