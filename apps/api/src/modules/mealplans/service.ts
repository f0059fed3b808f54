import type {
  CreatePlanEntryParsed,
  PlanEntryListQuery,
  PlanEntryType,
  ReadPlanEntry,
  UpdatePlanEntryParsed,
} from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish, type EventToPublish } from '../../events/outbox.js'
import { notFound, ValidationFailure } from '../../http/errors.js'
import type { Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { dateIn } from '../../lib/zoned-time.js'
import { recipeSummaries } from '../recipes/index.js'
import { entryRepo, type EntryRow, type EntryValues } from './repo.js'
import type { MealPlanSettingsService } from './settings.service.js'

const missing = () => notFound('Not found.')

type EntryEventType = 'mealplan-entry.created' | 'mealplan-entry.updated' | 'mealplan-entry.deleted'

/** The events of changed entries (the `mealplan_entry_created` document, docs/events.md "Mealie's event types"), their recipes named. */
export async function entryEvents(
  ex: Executor,
  scope: Scope,
  type: EntryEventType,
  rows: readonly EntryRow[],
): Promise<EventToPublish[]> {
  const recipes = await entryRepo.recipes(
    ex,
    scope,
    rows.flatMap((row) => (row.recipeId ? [row.recipeId] : [])),
  )
  return rows.map((row) => {
    const recipe = row.recipeId ? recipes.get(row.recipeId) : undefined
    return {
      type,
      document: {
        mealplanId: row.id,
        date: row.date,
        recipeId: row.recipeId,
        recipeName: recipe?.name ?? null,
        recipeSlug: recipe?.slug ?? null,
      },
    }
  })
}

/** Entries as ReadPlanEntry, each with its recipe's summary, in the order given. */
export async function toReadEntries(ex: Executor, scope: Scope, rows: readonly EntryRow[]): Promise<ReadPlanEntry[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.recipeId ? [row.recipeId] : [])))]
  const summaries = new Map((await recipeSummaries(ex, scope, ids)).map((summary) => [summary.id, summary]))
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    entryType: row.entryType as PlanEntryType,
    title: row.title,
    text: row.text,
    recipeId: row.recipeId,
    groupId: row.groupId,
    userId: row.userId,
    householdId: row.householdId,
    recipe: (row.recipeId && summaries.get(row.recipeId)) || null,
    locked: row.locked,
    servings: row.servings,
  }))
}

/** The recipe of an entry must be one of the group's: else a 422 at `recipeId`. */
async function checkRecipe(ex: Executor, scope: Scope, values: EntryValues): Promise<void> {
  if (!values.recipeId) return
  const found = await entryRepo.recipes(ex, scope, [values.recipeId])
  if (!found.has(values.recipeId)) {
    throw new ValidationFailure([
      { loc: ['body', 'recipeId'], msg: 'No recipe of the group has this id', type: 'value_error' },
    ])
  }
}

const valuesOf = (input: CreatePlanEntryParsed): EntryValues => ({
  date: input.date,
  entryType: input.entryType,
  title: input.title,
  text: input.text,
  recipeId: input.recipeId,
  locked: input.locked,
  servings: input.servings ?? null,
})

export function createMealPlanService(deps: { db: Database; settings: MealPlanSettingsService }) {
  const { db } = deps

  return {
    /** Mealie's list: pagination and queryFilter, and the dates; `next`/`previous` are always null, as in Mealie. */
    async page(scope: Scope, query: PlanEntryListQuery): Promise<Page<ReadPlanEntry>> {
      const page = await entryRepo.page(db, scope, query, {
        path: '/households/mealplans',
        where: entryRepo.dateRange(query.start_date, query.end_date),
        select: async (ids) => toReadEntries(db, scope, await entryRepo.findByIds(db, scope, ids.map(Number))),
      })
      return { ...page, next: null, previous: null }
    },

    async create(scope: Scope, input: CreatePlanEntryParsed): Promise<ReadPlanEntry> {
      const values = valuesOf(input)
      return inTransaction(db, async (tx) => {
        await checkRecipe(tx, scope, values)
        const row = await entryRepo.insert(tx, scope, values)
        await publish(tx, scope, ...(await entryEvents(tx, scope, 'mealplan-entry.created', [row])))
        const [entry] = await toReadEntries(tx, scope, [row])
        return entry!
      })
    },

    async get(scope: Scope, id: number): Promise<ReadPlanEntry> {
      const row = await entryRepo.findById(db, scope, id)
      if (!row) throw missing()
      const [entry] = await toReadEntries(db, scope, [row])
      return entry!
    },

    /** The household's entries of today, today being its date in its time zone (Mealie: the UTC date). */
    async today(scope: Scope, now = new Date()): Promise<ReadPlanEntry[]> {
      const { timeZone } = await deps.settings.get(scope)
      const today = dateIn(now, timeZone)
      return toReadEntries(db, scope, await entryRepo.between(db, scope, today, today))
    },

    async update(scope: Scope, id: number, input: UpdatePlanEntryParsed): Promise<ReadPlanEntry> {
      if (input.id !== undefined && input.id !== id) {
        throw new ValidationFailure([{ loc: ['body', 'id'], msg: 'The id is not the address’s', type: 'value_error' }])
      }
      return inTransaction(db, async (tx) => {
        const existing = await entryRepo.findById(tx, scope, id, { forUpdate: true })
        if (!existing) throw missing()
        // A client that does not know `servings` (Mealie's) sends the entry without it: the entry keeps its own.
        const values = {
          ...valuesOf(input),
          servings: input.servings === undefined ? existing.servings : input.servings,
        }
        await checkRecipe(tx, scope, values)
        const row = await entryRepo.update(tx, scope, id, values)
        await publish(tx, scope, ...(await entryEvents(tx, scope, 'mealplan-entry.updated', [row])))
        const [entry] = await toReadEntries(tx, scope, [row])
        return entry!
      })
    },

    async delete(scope: Scope, id: number): Promise<ReadPlanEntry> {
      return inTransaction(db, async (tx) => {
        const row = await entryRepo.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw missing()
        const [entry] = await toReadEntries(tx, scope, [row])
        const events = await entryEvents(tx, scope, 'mealplan-entry.deleted', [row])
        await entryRepo.delete(tx, scope, [row.id])
        await publish(tx, scope, ...events)
        return entry!
      })
    },
  }
}

export type MealPlanService = ReturnType<typeof createMealPlanService>
