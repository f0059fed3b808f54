import { randomBytes } from 'node:crypto'
import type { Database } from '../src/db/client.js'
import { groupPreferences, groups, householdPreferences, households, recipes, users } from '../src/db/schema/index.js'
import { hashPassword } from '../src/lib/passwords.js'
import { slugify } from '../src/lib/slugs.js'
import { recipeRepo } from '../src/modules/recipes/repo.js'

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

    /** A recipe owned by `owner` (a new user when omitted), searchable like one saved through the API. */
    async recipe(
      overrides: Partial<Omit<typeof recipes.$inferInsert, 'groupId' | 'householdId' | 'userId'>> & {
        owner?: { id: string; groupId: string; householdId: string }
      } = {},
    ) {
      const { owner: given, ...values } = overrides
      const owner = given ?? (await make.user())
      const name = values.name ?? `Recipe ${uniqueSuffix()}`
      const [recipe] = await db
        .insert(recipes)
        .values({
          ...values,
          name,
          slug: values.slug ?? slugify(name),
          groupId: owner.groupId,
          householdId: owner.householdId,
          userId: owner.id,
        })
        .returning()
      const scope = { groupId: owner.groupId, householdId: owner.householdId, userId: owner.id }
      await recipeRepo.refreshSearch(db, scope, [recipe!.id])
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
