import { randomBytes } from 'node:crypto'
import type { Database } from '../src/db/client.js'
import { groupPreferences, groups, householdPreferences, households, recipes, users } from '../src/db/schema/index.js'
import { hashPassword } from '../src/lib/passwords.js'
import { slugify } from '../src/lib/slugs.js'

const uniqueSuffix = () => randomBytes(4).toString('hex')

export const testPassword = 'correct horse battery'
let testPasswordHash: Promise<string> | undefined

type UserFlags = Partial<
  Pick<
    typeof users.$inferInsert,
    'admin' | 'advanced' | 'canInvite' | 'canManage' | 'canManageHousehold' | 'canOrganize' | 'authMethod' | 'fullName'
  >
>

/** Row factories: each call makes rows of its own, so tests share no mutable fixtures. */
export function createFactories(db: Database) {
  const make = {
    async group(overrides: { name?: string; privateGroup?: boolean } = {}) {
      const name = overrides.name ?? `Group ${uniqueSuffix()}`
      const [group] = await db
        .insert(groups)
        .values({ name, slug: slugify(name) })
        .returning()
      await db.insert(groupPreferences).values({ groupId: group!.id, privateGroup: overrides.privateGroup ?? true })
      return group!
    },

    async household(overrides: { groupId?: string; name?: string; privateHousehold?: boolean } = {}) {
      const groupId = overrides.groupId ?? (await make.group()).id
      const name = overrides.name ?? `Household ${uniqueSuffix()}`
      const [household] = await db
        .insert(households)
        .values({ groupId, name, slug: slugify(name) })
        .returning()
      await db
        .insert(householdPreferences)
        .values({ householdId: household!.id, privateHousehold: overrides.privateHousehold ?? true })
      return household!
    },

    async user(overrides: UserFlags & { householdId?: string; username?: string; email?: string } = {}) {
      const household = overrides.householdId
        ? { id: overrides.householdId, groupId: await groupOf(overrides.householdId) }
        : await make.household()
      const suffix = uniqueSuffix()
      testPasswordHash ??= hashPassword(testPassword)
      const [user] = await db
        .insert(users)
        .values({
          username: overrides.username ?? `user-${suffix}`,
          email: overrides.email ?? `user-${suffix}@example.com`,
          fullName: overrides.fullName ?? `User ${suffix}`,
          passwordHash: overrides.authMethod && overrides.authMethod !== 'Mealie' ? null : await testPasswordHash,
          authMethod: overrides.authMethod ?? 'Mealie',
          admin: overrides.admin ?? false,
          advanced: overrides.advanced ?? false,
          canInvite: overrides.canInvite ?? false,
          canManage: overrides.canManage ?? false,
          canManageHousehold: overrides.canManageHousehold ?? false,
          canOrganize: overrides.canOrganize ?? false,
          groupId: household.groupId,
          householdId: household.id,
        })
        .returning()
      return { ...user!, password: testPassword }
    },

    /** A bare recipe row of `owner` (their group and household), inserted directly: no ingredients, steps or tags. */
    async recipe(options: {
      owner: { id: string; groupId: string; householdId: string }
      name?: string
      disableComments?: boolean
      locked?: boolean
    }) {
      const name = options.name ?? `Recipe ${uniqueSuffix()}`
      const [recipe] = await db
        .insert(recipes)
        .values({
          groupId: options.owner.groupId,
          householdId: options.owner.householdId,
          userId: options.owner.id,
          name,
          slug: slugify(name),
          searchName: name.toLowerCase(),
          settingsDisableComments: options.disableComments ?? false,
          settingsLocked: options.locked ?? false,
        })
        .returning()
      return recipe!
    },
  }

  async function groupOf(householdId: string): Promise<string> {
    const rows = await db.query.households.findFirst({ where: (table, { eq }) => eq(table.id, householdId) })
    if (!rows) throw new Error(`no household ${householdId}`)
    return rows.groupId
  }

  return make
}

export type Factories = ReturnType<typeof createFactories>
