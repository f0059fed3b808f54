import { planRuleDays, type PlanEntryType, type PlanRuleDay } from '@larder/contracts'
import { randomInt } from 'node:crypto'
import { addDays, daysBetween, weekdayOf } from '../../lib/zoned-time.js'

/**
 * How the rules pick a recipe for one slot (a date and an entry type). Pure: the service loads the rules, the ids of
 * the recipes each rule's filter selects and the household's planned meals, and this decides.
 *
 * - A rule applies to a slot when its days (empty: any) hold the slot's weekday and its entry types (empty: any) hold
 *   the slot's type: Mealie's `day`/`entryType`, with several values meaning "any of".
 * - Rules without a weekly limit choose the recipes: of those that apply, the most specific wins (fewest days, then
 *   fewest entry types; "any" counts as all seven); rules equally specific all hold, as Mealie's rules do. No rule
 *   applies: any recipe of the group.
 * - Rules with `atMostPerWeek` leave out the recipes they select once the slot's week (from the household's first day
 *   of the week) has that many meals they select in their slots; rules with `atLeastPerWeek` still short of it
 *   narrow the choice to their recipes when some are left.
 * - No-repeat window: a recipe planned less than `noRepeatDays` days from the slot is not chosen while another is
 *   left; when none is, the one planned farthest away is.
 */

export interface PlanRule {
  id: string
  name: string
  days: readonly string[]
  entryTypes: readonly string[]
  queryFilterString: string
  atMostPerWeek: number | null
  atLeastPerWeek: number | null
}

export interface PlannedMeal {
  date: string
  entryType: string
  recipeId: string | null
}

export interface Slot {
  date: string
  entryType: PlanEntryType
}

export interface PickContext {
  rules: readonly PlanRule[]
  /** The recipe ids a rule's filter selects; `null`: every recipe of the group. */
  matches: (rule: PlanRule | null) => ReadonlySet<string>
  /** The household's meals around the slot: its week and its no-repeat window. */
  planned: readonly PlannedMeal[]
  noRepeatDays: number
  /** 0 = Sunday … 6 = Saturday. */
  firstDayOfWeek: number
  /** A whole number in [0, below); `randomInt` unless a test pins it. */
  random?: (below: number) => number
}

export type RecipePick =
  { recipeId: string; rule: PlanRule | null } | { recipeId: null; rule: PlanRule | null; reason: string }

const allDays = 7
const allTypes = 7

export function weekdayName(date: string): PlanRuleDay {
  // planRuleDays starts on Monday; getUTCDay on Sunday.
  return planRuleDays[(weekdayOf(date) + 6) % 7]!
}

export function appliesTo(rule: Pick<PlanRule, 'days' | 'entryTypes'>, slot: { date: string; entryType: string }) {
  return (
    (rule.days.length === 0 || rule.days.includes(weekdayName(slot.date))) &&
    (rule.entryTypes.length === 0 || rule.entryTypes.includes(slot.entryType))
  )
}

const isLimit = (rule: PlanRule) => rule.atMostPerWeek != null || rule.atLeastPerWeek != null

/** Smaller is more specific: the days it covers, then the entry types. */
function breadth(rule: PlanRule): [number, number] {
  return [rule.days.length || allDays, rule.entryTypes.length || allTypes]
}

/** The rules that choose the slot's recipes: the most specific of those that apply (several when equally so). */
export function choosingRules(rules: readonly PlanRule[], slot: Slot): PlanRule[] {
  const applying = rules.filter((rule) => !isLimit(rule) && appliesTo(rule, slot))
  if (applying.length === 0) return []
  const [days, types] = applying
    .map(breadth)
    .reduce((best, next) => (next[0] < best[0] || (next[0] === best[0] && next[1] < best[1]) ? next : best))
  return applying.filter((rule) => {
    const [ruleDays, ruleTypes] = breadth(rule)
    return ruleDays === days && ruleTypes === types
  })
}

/** How a rule is named in an answer: its name, else where it applies and what it selects. */
export function describeRule(rule: PlanRule): string {
  if (rule.name) return `"${rule.name}"`
  const types = rule.entryTypes.length > 0 ? rule.entryTypes.join(' or ') : 'any meal'
  const days = rule.days.length > 0 ? `on ${rule.days.join(' or ')}` : 'on any day'
  const filter = rule.queryFilterString ? ` (${rule.queryFilterString})` : ''
  return `for ${types} ${days}${filter}`
}

/** The first and last dates of the week holding `date`, weeks starting on `firstDayOfWeek`. */
export function weekOf(date: string, firstDayOfWeek: number): [string, string] {
  const start = addDays(date, -((weekdayOf(date) - firstDayOfWeek + 7) % 7))
  return [start, addDays(start, 6)]
}

export function pickRecipe(slot: Slot, context: PickContext, exclude: ReadonlySet<string> = new Set()): RecipePick {
  const random = context.random ?? randomInt
  const choosing = choosingRules(context.rules, slot)
  const rule = choosing[0] ?? null
  const named = rule ? `the rule ${describeRule(rule)}` : null

  let candidates: Set<string>
  if (choosing.length === 0) {
    candidates = new Set(context.matches(null))
    if (candidates.size === 0) return { recipeId: null, rule, reason: 'The group has no recipes' }
  } else {
    candidates = new Set(context.matches(choosing[0]!))
    for (const other of choosing.slice(1)) {
      const selected = context.matches(other)
      for (const id of candidates) if (!selected.has(id)) candidates.delete(id)
    }
    if (candidates.size === 0) {
      const names = choosing.map((each) => `the rule ${describeRule(each)}`).join(' and ')
      return { recipeId: null, rule, reason: `No recipes match ${names}` }
    }
  }

  for (const id of exclude) candidates.delete(id)
  if (candidates.size === 0) {
    return { recipeId: null, rule, reason: named ? `No other recipes match ${named}` : 'No other recipes are left' }
  }

  const [weekStart, weekEnd] = weekOf(slot.date, context.firstDayOfWeek)
  const week = context.planned.filter((meal) => meal.date >= weekStart && meal.date <= weekEnd && meal.recipeId)
  const countIn = (limit: PlanRule) => {
    const selected = context.matches(limit)
    return week.filter((meal) => appliesTo(limit, meal) && selected.has(meal.recipeId!)).length
  }
  const limits = context.rules.filter((each) => isLimit(each) && appliesTo(each, slot))
  for (const limit of limits) {
    if (limit.atMostPerWeek == null || countIn(limit) < limit.atMostPerWeek) continue
    const selected = context.matches(limit)
    for (const id of selected) candidates.delete(id)
    if (candidates.size === 0) {
      return {
        recipeId: null,
        rule: limit,
        reason: `The rule ${describeRule(limit)} allows at most ${limit.atMostPerWeek} a week, and the week has them`,
      }
    }
  }
  let chosenBy = rule
  for (const limit of limits) {
    if (limit.atLeastPerWeek == null || countIn(limit) >= limit.atLeastPerWeek) continue
    const selected = context.matches(limit)
    const narrowed = [...candidates].filter((id) => selected.has(id))
    if (narrowed.length > 0) {
      candidates = new Set(narrowed)
      chosenBy = limit
    }
  }

  const pool = [...candidates]
  const distance = new Map<string, number>()
  for (const meal of context.planned) {
    if (!meal.recipeId || !candidates.has(meal.recipeId)) continue
    const apart = Math.abs(daysBetween(slot.date, meal.date))
    distance.set(meal.recipeId, Math.min(apart, distance.get(meal.recipeId) ?? Infinity))
  }
  const fresh = pool.filter((id) => (distance.get(id) ?? Infinity) >= context.noRepeatDays)
  let choices = fresh
  if (choices.length === 0) {
    const farthest = Math.max(...pool.map((id) => distance.get(id)!))
    choices = pool.filter((id) => distance.get(id) === farthest)
  }
  // Sorted so that a pinned `random` picks the same recipe whatever order the set was built in.
  choices.sort()
  return { recipeId: choices[random(choices.length)]!, rule: chosenBy }
}
