import type {
  HouseholdInDB,
  HouseholdSummary,
  ReadHouseholdPreferences,
  UpdateHouseholdPreferences,
} from '@larder/contracts'
import { eq, inArray } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { households as householdTable } from '../../db/schema/index.js'
import { conflict, notFound } from '../../http/errors.js'
import { paginate, type ListQuery, type Page } from '../../http/list-query/index.js'
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
const householdNameConstraints = ['households_group_name_key', 'households_group_slug_key']

type HouseholdRow = NonNullable<Awaited<ReturnType<HouseholdRepo['findById']>>>

export function createHouseholdService(deps: { db: Database; households: HouseholdRepo }) {
  const { db, households } = deps

  async function rowsByIds(ids: (string | number)[]) {
    if (ids.length === 0) return []
    return db
      .select()
      .from(householdTable)
      .where(inArray(householdTable.id, ids.map(String)))
  }

  async function summary(household: HouseholdRow): Promise<HouseholdSummary> {
    const preferences = await households.preferences(db, household.id)
    return {
      id: household.id,
      groupId: household.groupId,
      name: household.name,
      slug: household.slug,
      preferences: preferences ? toReadPreferences(preferences) : null,
    }
  }

  async function summariesOf(rows: readonly HouseholdRow[]): Promise<HouseholdSummary[]> {
    const preferences = await households.preferencesOf(
      db,
      rows.map((row) => row.id),
    )
    return rows.map((household) => {
      const row = preferences.get(household.id)
      return {
        id: household.id,
        groupId: household.groupId,
        name: household.name,
        slug: household.slug,
        preferences: row ? toReadPreferences(row) : null,
      }
    })
  }

  return {
    summary,

    async inDb(householdId: string, groupName: string): Promise<HouseholdInDB> {
      const household = await households.findById(db, householdId)
      if (!household) throw notFound('Household not found')
      const members = await households.members(db, householdId)
      return { ...(await summary(household)), group: groupName, users: members, webhooks: [] }
    },

    summaries: summariesOf,

    /** A page of one group's households, or of every household for administrators (groupId null). */
    async page(groupId: string | null, query: ListQuery, path: string): Promise<Page<HouseholdSummary>> {
      // Administrators get HouseholdInDB (with its members), so their list may filter on what that shows.
      return paginate(db, groupId ? householdListSpec : adminHouseholdListSpec, query, {
        scope: groupId ? eq(householdTable.groupId, groupId) : undefined,
        path,
        select: async (ids) => summariesOf(await rowsByIds(ids)),
      })
    },

    rowsByIds,

    async findInGroup(groupId: string, slugOrId: string): Promise<HouseholdSummary> {
      const household = await households.findInGroupBySlugOrId(db, groupId, slugOrId)
      if (!household) throw notFound('Household not found')
      return summary(household)
    },

    findByName: (groupId: string, name: string) => households.findInGroupByName(db, groupId, name),
    findById: (householdId: string) => households.findById(db, householdId),
    countUsers: (householdId: string) => households.countUsers(db, householdId),
    count: () => households.count(db),

    /**
     * A household with a free name in its group ("Family (1)" when "Family" is taken), decided by the unique indexes
     * inside the executor's transaction (or a new one), so that parallel creates of one name all succeed.
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

    async rename(household: HouseholdRow, name: string): Promise<void> {
      if (!name || name === household.name) return
      // A taken name or slug is refused by the unique indexes: the error handler answers 409.
      await households.rename(db, household.id, name, slugify(name))
    },

    async preferences(householdId: string): Promise<ReadHouseholdPreferences> {
      const row = await households.preferences(db, householdId)
      if (!row) throw notFound('Household preferences not found')
      return toReadPreferences(row)
    },

    async replacePreferences(
      householdId: string,
      preferences: Required<UpdateHouseholdPreferences>,
    ): Promise<ReadHouseholdPreferences> {
      await households.replacePreferences(db, householdId, preferences)
      const row = await households.preferences(db, householdId)
      return toReadPreferences(row!)
    },

    async delete(householdId: string): Promise<void> {
      await households.delete(db, householdId)
    },
  }
}

export type HouseholdService = ReturnType<typeof createHouseholdService>
