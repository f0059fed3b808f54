import type { FillPlanResult, PlanEntryType, PlanSuggestion, ReadPlanEntry } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { HttpError, notFound } from '../../http/errors.js'
import type { Scope } from '../../http/scope.js'
import { addDays, daysBetween } from '../../lib/zoned-time.js'
import { recipeSummaries } from '../recipes/index.js'
import { pickRecipe, weekOf, type PickContext, type PlannedMeal, type PlanRule, type Slot } from './plan-rules.js'
import { entryRepo, type EntryRow } from './repo.js'
import { ruleRepo } from './rules.repo.js'
import { toPlanRulesOut } from './rules.service.js'
import { entryEvents, toReadEntries } from './service.js'
import type { MealPlanSettingsService } from './settings.service.js'

/** What the rules need to pick for the slots between two dates: rules, their recipes, the meals around. */
async function pickContext(
  ex: Executor,
  scope: Scope,
  settings: MealPlanSettingsService,
  from: string,
  to: string,
): Promise<{
  context: Omit<PickContext, 'planned'>
  planned: EntryRow[]
  rules: Map<string, ReturnType<typeof toPlanRulesOut>>
}> {
  // One statement after another on the executor: a transaction holds one connection.
  const rows = await ruleRepo.all(ex, scope)
  const { noRepeatDays } = await settings.get(scope, ex)
  const { firstDayOfWeek } = await entryRepo.householdFacts(ex, scope)
  const everything = new Set(await ruleRepo.matchingRecipeIds(ex, scope, ''))
  const matches = new Map<string, ReadonlySet<string>>()
  for (const row of rows) {
    if (!row.queryFilterString.trim()) {
      matches.set(row.id, everything)
      continue
    }
    try {
      matches.set(row.id, new Set(await ruleRepo.matchingRecipeIds(ex, scope, row.queryFilterString)))
    } catch (error) {
      // A stored filter that no longer compiles selects nothing, and the answer names its rule.
      if (!(error instanceof HttpError)) throw error
      matches.set(row.id, new Set())
    }
  }
  const windowStart = [addDays(from, -noRepeatDays), weekOf(from, firstDayOfWeek)[0]].sort()[0]!
  const windowEnd = [addDays(to, noRepeatDays), weekOf(to, firstDayOfWeek)[1]].sort().at(-1)!
  const planned = await entryRepo.between(ex, scope, windowStart, windowEnd)
  const rules: PlanRule[] = rows
  return {
    context: {
      rules,
      matches: (rule) => (rule ? (matches.get(rule.id) ?? new Set()) : everything),
      noRepeatDays,
      firstDayOfWeek,
    },
    planned,
    rules: new Map(rows.map((row) => [row.id, toPlanRulesOut(row)])),
  }
}

const asMeal = (row: Pick<EntryRow, 'date' | 'entryType' | 'recipeId'>): PlannedMeal => ({
  date: row.date,
  entryType: row.entryType,
  recipeId: row.recipeId,
})

export function createMealPlanner(deps: { db: Database; settings: MealPlanSettingsService }) {
  const { db, settings } = deps

  return {
    /** Mealie's random entry: plans a recipe the rules pick; 404 names the rule that left nothing. */
    async random(scope: Scope, slot: Slot): Promise<ReadPlanEntry> {
      return inTransaction(db, async (tx) => {
        await entryRepo.lockPlanner(tx, scope)
        const { context, planned } = await pickContext(tx, scope, settings, slot.date, slot.date)
        const pick = pickRecipe(slot, { ...context, planned: planned.map(asMeal) })
        if ('reason' in pick) throw notFound(pick.reason)
        const row = await entryRepo.insert(tx, scope, {
          date: slot.date,
          entryType: slot.entryType,
          recipeId: pick.recipeId,
          title: '',
          text: '',
          locked: false,
        })
        await publish(tx, scope, ...(await entryEvents(tx, scope, 'mealplan-entry.created', [row])))
        const [entry] = await toReadEntries(tx, scope, [row])
        return entry!
      })
    },

    /** A recipe the rules pick for the slot, planned nowhere; `exclude`: recipes already proposed. */
    async suggest(scope: Scope, slot: Slot & { exclude: readonly string[] }): Promise<PlanSuggestion> {
      const { context, planned, rules } = await pickContext(db, scope, settings, slot.date, slot.date)
      const pick = pickRecipe(slot, { ...context, planned: planned.map(asMeal) }, new Set(slot.exclude))
      if ('reason' in pick) throw notFound(pick.reason)
      const [recipe] = await recipeSummaries(db, scope, [pick.recipeId])
      if (!recipe) throw notFound('The recipe is gone')
      return {
        date: slot.date,
        entryType: slot.entryType,
        recipe,
        rule: pick.rule ? (rules.get(pick.rule.id) ?? null) : null,
      }
    },

    /**
     * Plans a recipe for each empty slot of the range (each date × each type): a slot with an entry is kept; with
     * `replaceUnlocked`, only a locked entry keeps it. Parallel fills of one household take turns.
     */
    async fill(
      scope: Scope,
      request: { startDate: string; endDate: string; entryTypes: PlanEntryType[]; replaceUnlocked: boolean },
    ): Promise<FillPlanResult> {
      return inTransaction(db, async (tx) => {
        await entryRepo.lockPlanner(tx, scope)
        const { context, planned } = await pickContext(tx, scope, settings, request.startDate, request.endDate)
        const types = [...new Set(request.entryTypes)]
        const inRange = (row: EntryRow) =>
          row.date >= request.startDate && row.date <= request.endDate && types.includes(row.entryType as PlanEntryType)
        const replaced = request.replaceUnlocked ? planned.filter((row) => inRange(row) && !row.locked) : []
        const replacedIds = new Set(replaced.map((row) => row.id))
        const kept = planned.filter((row) => inRange(row) && !replacedIds.has(row.id))
        const meals = planned.filter((row) => !replacedIds.has(row.id)).map(asMeal)

        const deletedEvents = await entryEvents(tx, scope, 'mealplan-entry.deleted', replaced)
        await entryRepo.delete(tx, scope, [...replacedIds])

        const created: EntryRow[] = []
        const empty: FillPlanResult['empty'] = []
        const days = daysBetween(request.startDate, request.endDate)
        for (let offset = 0; offset <= days; offset += 1) {
          const date = addDays(request.startDate, offset)
          for (const entryType of types) {
            if (kept.some((row) => row.date === date && row.entryType === entryType)) continue
            const pick = pickRecipe({ date, entryType }, { ...context, planned: meals })
            if ('reason' in pick) {
              empty.push({ date, entryType, reason: pick.reason })
              continue
            }
            const row = await entryRepo.insert(tx, scope, {
              date,
              entryType,
              recipeId: pick.recipeId,
              title: '',
              text: '',
              locked: false,
            })
            created.push(row)
            meals.push(asMeal(row))
          }
        }
        await publish(tx, scope, ...deletedEvents, ...(await entryEvents(tx, scope, 'mealplan-entry.created', created)))
        const read = await toReadEntries(tx, scope, [...created, ...kept])
        return { created: read.slice(0, created.length), kept: read.slice(created.length), empty }
      })
    },
  }
}

export type MealPlanner = ReturnType<typeof createMealPlanner>
