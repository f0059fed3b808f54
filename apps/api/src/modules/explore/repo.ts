import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import {
  recipeRatings,
  users,
  groupPreferences,
  groups,
  householdPreferences,
  households,
  recipes,
  recipeShareTokens,
} from '../../db/schema/index.js'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isUuid = (key: string) => uuidPattern.test(key)

const bySlugOrId = (table: typeof groups | typeof households, key: string): SQL =>
  isUuid(key) ? or(eq(table.id, key), eq(table.slug, key))! : eq(table.slug, key)

/** A recipe visitors may read: its own setting says public and its household is not private (docs/security.md "Access flags and guards"). */
const recipeIsPublic = and(
  eq(recipes.settingsPublic, true),
  sql`exists (select 1 from ${householdPreferences} where ${householdPreferences.householdId} = ${recipes.householdId}
    and ${householdPreferences.privateHousehold} = false)`,
)!

/**
 * The reads of visitors without an account. Each starts from a group named in the address and answers only what
 * that group makes public, so every function names the group it reads within.
 */
export const exploreRepo = {
  /** A group by slug or id, only when it is not private. */
  async findPublicGroup(ex: Executor, key: string): Promise<{ id: string; slug: string } | null> {
    const [row] = await ex
      .select({ id: groups.id, slug: groups.slug })
      .from(groups)
      .innerJoin(groupPreferences, eq(groupPreferences.groupId, groups.id))
      .where(and(bySlugOrId(groups, key), eq(groupPreferences.privateGroup, false)))
      .limit(1)
    return row ?? null
  },

  /** A group by slug or id whatever its privacy: share tokens and members' previews open recipes of any group. */
  async findAnyGroup(ex: Executor, key: string) {
    const [row] = await ex
      .select({ id: groups.id, name: groups.name, slug: groups.slug, privateGroup: groupPreferences.privateGroup })
      .from(groups)
      .leftJoin(groupPreferences, eq(groupPreferences.groupId, groups.id))
      .where(bySlugOrId(groups, key))
      .limit(1)
    return row ? { ...row, privateGroup: row.privateGroup !== false } : null
  },

  /** Slugs of the group's households that are not private. */
  async publicHouseholdSlugs(ex: Executor, groupId: string): Promise<string[]> {
    const rows = await ex
      .select({ slug: households.slug })
      .from(households)
      .innerJoin(householdPreferences, eq(householdPreferences.householdId, households.id))
      .where(and(eq(households.groupId, groupId), eq(householdPreferences.privateHousehold, false)))
    return rows.map((row) => row.slug)
  },

  /** The id of a household of the group that is not private, by slug or id. */
  async findPublicHouseholdId(ex: Executor, groupId: string, key: string): Promise<string | null> {
    const [row] = await ex
      .select({ id: households.id })
      .from(households)
      .innerJoin(householdPreferences, eq(householdPreferences.householdId, households.id))
      .where(
        and(
          eq(households.groupId, groupId),
          bySlugOrId(households, key),
          eq(householdPreferences.privateHousehold, false),
        ),
      )
      .limit(1)
    return row?.id ?? null
  },

  /** The id of a public recipe of the group, by slug or id. */
  async findPublicRecipeId(ex: Executor, groupId: string, key: string): Promise<string | null> {
    const [row] = await ex
      .select({ id: recipes.id })
      .from(recipes)
      .where(
        and(eq(recipes.groupId, groupId), isUuid(key) ? eq(recipes.id, key) : eq(recipes.slug, key), recipeIsPublic),
      )
      .limit(1)
    return row?.id ?? null
  },

  /** The recipe a share token of the group opens, while the token lasts. */
  async findSharedRecipeId(ex: Executor, groupId: string, token: string, now: Date): Promise<string | null> {
    if (!isUuid(token)) return null
    const [row] = await ex
      .select({ recipeId: recipeShareTokens.recipeId })
      .from(recipeShareTokens)
      .where(
        and(
          eq(recipeShareTokens.id, token),
          eq(recipeShareTokens.groupId, groupId),
          gt(recipeShareTokens.expiresAt, now),
        ),
      )
      .limit(1)
    return row?.recipeId ?? null
  },

  /** The id of any recipe of the group, by slug or id: for its signed-in members. */
  async findRecipeId(ex: Executor, groupId: string, key: string): Promise<string | null> {
    const [row] = await ex
      .select({ id: recipes.id })
      .from(recipes)
      .where(and(eq(recipes.groupId, groupId), isUuid(key) ? eq(recipes.id, key) : eq(recipes.slug, key)))
      .limit(1)
    return row?.id ?? null
  },

  /**
   * Who may fetch a recipe's pictures and assets, in one indexed statement: whether visitors may (the recipe public in
   * a public group), its group (whose signed-in members may), and whether `token` is a live share token of it.
   */
  async mediaAccess(
    ex: Executor,
    recipeId: string,
    token: string | undefined,
  ): Promise<{ groupId: string; isPublic: boolean; shared: boolean } | null> {
    const shared =
      token && isUuid(token)
        ? sql<boolean>`exists (select 1 from ${recipeShareTokens} where ${recipeShareTokens.id} = ${token}
          and ${recipeShareTokens.recipeId} = ${recipes.id} and ${recipeShareTokens.expiresAt} > now())`
        : sql<boolean>`false`
    // Joined, so that drizzle writes every column with its table (a single-table select leaves them bare, which
    // inside the subqueries would name the subquery's own columns).
    const [row] = await ex
      .select({
        groupId: recipes.groupId,
        isPublic: sql<boolean>`coalesce((${recipeIsPublic}) and ${groupPreferences.privateGroup} = false, false)`,
        shared,
      })
      .from(recipes)
      .leftJoin(groupPreferences, eq(groupPreferences.groupId, recipes.groupId))
      .where(eq(recipes.id, recipeId))
      .limit(1)
    return row ?? null
  },

  /** What a link preview tells beyond the recipe: its owner's name and how many rated it. */
  async previewFacts(ex: Executor, groupId: string, recipeId: string) {
    const [row] = await ex
      .select({
        authorName: users.fullName,
        ratingCount: sql<number>`(select count(*) from ${recipeRatings}
          where ${recipeRatings.recipeId} = ${recipes.id} and ${recipeRatings.rating} > 0)`.mapWith(Number),
      })
      .from(recipes)
      .leftJoin(users, eq(users.id, recipes.userId))
      .where(and(eq(recipes.groupId, groupId), eq(recipes.id, recipeId)))
      .limit(1)
    return row ?? { authorName: null, ratingCount: 0 }
  },
}
