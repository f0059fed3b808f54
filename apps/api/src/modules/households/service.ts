import type {
  HouseholdInDB,
  HouseholdSummary,
  ReadHouseholdPreferences,
  UpdateHouseholdPreferences,
} from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { administrationOrigin, publish } from '../../events/outbox.js'
import { conflict, notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { adminHouseholdListSpec, householdListSpec } from './list-spec.js'
import { slugify } from '../../lib/slugs.js'
import { insertUnderFreeName } from '../../lib/unique-name.js'
import type { HouseholdPreferenceChanges, HouseholdPreferencesRow, HouseholdRepo } from './repo.js'

export function toReadPreferences(row: HouseholdPreferencesRow): ReadHouseholdPreferences {
  return {
    id: row.householdId,
    privateHousehold: row.privateHousehold,
    lockRecipeEditsFromOtherHouseholds: row.lockRecipeEditsFromOtherHouseholds,
    firstDayOfWeek: row.firstDayOfWeek,
    recipePublic: row.recipePublic,
    recipeShowNutrition: row.recipeShowNutrition,
    recipeShowAssets: row.recipeShowAssets,
    recipeLandscapeView: row.recipeLandscapeView,
    recipeDisableComments: row.recipeDisableComments,
    recipeDisableAmount: row.recipeDisableAmount,
  }
}

/** The unique indexes that a clashing household name runs into; either one means "try the next name". */
const householdUpdated = (householdId: string) => ({
  type: 'household.updated' as const,
  document: { householdId },
})

const householdNameConstraints = ['households_group_name_key', 'households_group_slug_key']

type HouseholdRow = NonNullable<Awaited<ReturnType<HouseholdRepo['findAnyById']>>>

function toSummary(household: HouseholdRow, preferences: HouseholdPreferencesRow | undefined): HouseholdSummary {
  return {
    id: household.id,
    groupId: household.groupId,
    name: household.name,
    slug: household.slug,
    preferences: preferences ? toReadPreferences(preferences) : null,
  }
}

/**
 * Households as members see them (their group's households, their own household's preferences and members) and as
 * administrators see them across the server (the `…Any…` functions).
 */
export function createHouseholdService(deps: { db: Database; households: HouseholdRepo }) {
  const { db, households } = deps

  async function summariesOf(scope: Scope, rows: readonly HouseholdRow[]): Promise<HouseholdSummary[]> {
    const preferences = await households.preferencesOf(
      db,
      scope,
      rows.map((row) => row.id),
    )
    return rows.map((household) => toSummary(household, preferences.get(household.id)))
  }

  async function anySummariesOf(rows: readonly HouseholdRow[]): Promise<HouseholdSummary[]> {
    const preferences = await households.anyPreferencesOf(
      db,
      rows.map((row) => row.id),
    )
    return rows.map((household) => toSummary(household, preferences.get(household.id)))
  }

  async function requireAny(householdId: string): Promise<HouseholdRow> {
    const household = await households.findAnyById(db, householdId)
    if (!household) throw notFound('Household not found')
    return household
  }

  return {
    /** The caller's own household as HouseholdInDB (GET /api/households/self). */
    async ownInDb(scope: Scope, groupName: string): Promise<HouseholdInDB> {
      const household = await households.findById(db, scope, scope.householdId)
      if (!household) throw notFound('Household not found')
      const [summary] = await summariesOf(scope, [household])
      return { ...summary!, group: groupName, users: await households.ownMembers(db, scope), webhooks: [] }
    },

    /** A page of the scope's group's households. */
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<HouseholdSummary>> {
      return households.pageOfGroup(db, scope, householdListSpec, query, {
        path,
        select: async (ids) => summariesOf(scope, await households.findByIds(db, scope, ids.map(String))),
      })
    },

    async findInGroup(scope: Scope, slugOrId: string): Promise<HouseholdSummary> {
      const household = await households.findBySlugOrId(db, scope, slugOrId)
      if (!household) throw notFound('Household not found')
      return (await summariesOf(scope, [household]))[0]!
    },

    findByName: (scope: Scope, name: string) => households.findByName(db, scope, name),
    /** GET /api/households/statistics: the household's recipes and members, the group's organizers. */
    statistics: (scope: Scope) => households.statistics(db, scope),

    async preferences(scope: Scope): Promise<ReadHouseholdPreferences> {
      const row = await households.ownPreferences(db, scope)
      if (!row) throw notFound('Household preferences not found')
      return toReadPreferences(row)
    },

    async replacePreferences(
      scope: Scope,
      preferences: Required<UpdateHouseholdPreferences>,
    ): Promise<ReadHouseholdPreferences> {
      return inTransaction(db, async (tx) => {
        await households.replaceOwnPreferences(tx, scope, preferences)
        const row = await households.ownPreferences(tx, scope)
        await publish(tx, scope, householdUpdated(scope.householdId))
        return toReadPreferences(row!)
      })
    },

    /**
     * A household with a free name in its group ("Family (1)" when "Family" is taken), decided by the unique indexes
     * inside the executor's transaction (or a new one), so that parallel creates of one name all succeed. The group is
     * one the caller just created (registration) or an administrator chose.
     */
    async create(
      executor: Executor,
      groupId: string,
      name: string,
      preferences: HouseholdPreferenceChanges,
    ): Promise<HouseholdRow> {
      const household = await insertUnderFreeName(executor, name, householdNameConstraints, (savepoint, candidate) =>
        households.insert(savepoint, { groupId, name: candidate, slug: slugify(candidate), preferences }),
      )
      if (!household) throw conflict(`A household named "${name}" already exists in this group`)
      return household
    },

    requireAny,
    findAnyById: (householdId: string) => households.findAnyById(db, householdId),
    findInAnyGroupByName: (groupId: string, name: string) => households.findInAnyGroupByName(db, groupId, name),
    countAnyUsers: (householdId: string) => households.countAnyUsers(db, householdId),
    countAny: () => households.countAny(db),

    /** Administrators' HouseholdInDB of any household. */
    async anyInDb(householdId: string, groupName: string): Promise<HouseholdInDB> {
      const household = await requireAny(householdId)
      const [summary] = await anySummariesOf([household])
      return { ...summary!, group: groupName, users: await households.anyMembers(db, householdId), webhooks: [] }
    },

    /** Administrators' list of every household; they get HouseholdInDB, so it may filter on what that shows. */
    pageOfAny(query: ListQuery, path: string): Promise<Page<HouseholdSummary>> {
      return households.pageOfAny(db, adminHouseholdListSpec, query, {
        path,
        select: async (ids) => anySummariesOf(await households.findAnyByIds(db, ids.map(String))),
      })
    },

    async renameAny(household: HouseholdRow, name: string): Promise<void> {
      if (!name || name === household.name) return
      // A taken name or slug is refused by the unique indexes: the error handler answers 409.
      await inTransaction(db, async (tx) => {
        await households.renameAny(tx, household.id, name, slugify(name))
        await publish(tx, administrationOrigin(household.groupId, household.id), householdUpdated(household.id))
      })
    },

    async replaceAnyPreferences(householdId: string, preferences: Required<UpdateHouseholdPreferences>) {
      const household = await requireAny(householdId)
      await inTransaction(db, async (tx) => {
        await households.replaceAnyPreferences(tx, householdId, preferences)
        await publish(tx, administrationOrigin(household.groupId, householdId), householdUpdated(householdId))
      })
    },

    async deleteAny(householdId: string): Promise<void> {
      await households.deleteAny(db, householdId)
    },
  }
}

export type HouseholdService = ReturnType<typeof createHouseholdService>
