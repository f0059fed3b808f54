import {
  createMealplan,
  createMealplanRule,
  createRandomMealplan,
  deleteMealplanRule,
  fillMealplans,
  getMealplanRule,
  listMealplanRules,
  listMealplans,
  suggestMealplan,
  updateMealplan,
  updateMealplanRule,
  updateMealplanSettings,
  type PlanRulesOut,
  type ReadPlanEntry,
} from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { householdPreferences, mealPlanEntries, mealPlanRules, recipeTags, tags } from '../../db/schema/index.js'
import { eventsAfter } from '../../events/outbox.js'
import { addDays } from '../../lib/zoned-time.js'
import { choosingRules, pickRecipe, weekOf, type PlanRule } from './plan-rules.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id })
  const neighbourHousehold = await testApp.make.household({ groupId: household.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHousehold.id })
  const stranger = await testApp.make.user()
  /** A recipe of the cook's with these tags (made on first use). */
  const tagIds = new Map<string, string>()
  const recipe = async (name: string, ...tagNames: string[]) => {
    const made = await testApp.make.recipe({ owner: cook, name })
    for (const tagName of tagNames) {
      if (!tagIds.has(tagName)) {
        const [tag] = await testApp.db
          .insert(tags)
          .values({ groupId: cook.groupId, name: tagName, slug: tagName })
          .returning()
        tagIds.set(tagName, tag!.id)
      }
      await testApp.db.insert(recipeTags).values({ recipeId: made.id, tagId: tagIds.get(tagName)! })
    }
    return made
  }
  return { ...testApp, household, cook, neighbour, stranger, recipe }
}

const entriesOf = (testApp: { db: Awaited<ReturnType<typeof kitchen>>['db'] }, householdId: string) =>
  testApp.db.select().from(mealPlanEntries).where(eq(mealPlanEntries.householdId, householdId))

// 2026-03-02 is a Monday.
const monday = '2026-03-02'

describe('meal-plan rules', () => {
  it("creates, reads, lists, replaces and deletes rules, with Mealie's day and entryType", async () => {
    const { api, cook } = await kitchen()
    const created = await api.call(createMealplanRule, {
      as: cook,
      body: { day: 'monday', entryType: 'dinner', queryFilterString: 'tags.slug = fish' },
    })
    expect(created.status).toBe(201)
    const rule = created.body as PlanRulesOut
    expect(rule).toEqual({
      id: expect.any(String),
      groupId: cook.groupId,
      householdId: cook.householdId,
      name: '',
      day: 'monday',
      entryType: 'dinner',
      days: ['monday'],
      entryTypes: ['dinner'],
      queryFilterString: 'tags.slug = fish',
      queryFilter: {
        parts: [
          {
            leftParenthesis: null,
            rightParenthesis: null,
            logicalOperator: null,
            attributeName: 'tags.slug',
            relationalOperator: '=',
            value: 'fish',
          },
        ],
      },
      atMostPerWeek: null,
      atLeastPerWeek: null,
    })
    const any = await api.ok(createMealplanRule, { as: cook, body: {} })
    expect(any).toMatchObject({ day: 'unset', entryType: 'unset', days: [], entryTypes: [], queryFilterString: '' })
    const several = await api.ok(updateMealplanRule, {
      as: cook,
      params: { id: any.id },
      body: { name: 'Weekend', days: ['saturday', 'sunday', 'sunday'], entryTypes: ['lunch'], atMostPerWeek: 2 },
    })
    expect(several).toMatchObject({
      name: 'Weekend',
      day: 'unset',
      entryType: 'lunch',
      days: ['saturday', 'sunday'],
      entryTypes: ['lunch'],
      atMostPerWeek: 2,
    })
    expect(await api.ok(getMealplanRule, { as: cook, params: { id: rule.id } })).toEqual(rule)
    const listed = await api.ok(listMealplanRules, { as: cook, query: { orderBy: 'name', orderDirection: 'asc' } })
    expect(listed.items.map((item) => item.id)).toEqual([rule.id, several.id])
    expect(await api.ok(deleteMealplanRule, { as: cook, params: { id: rule.id } })).toEqual(rule)
    expect((await api.call(getMealplanRule, { as: cook, params: { id: rule.id } })).status).toBe(404)
  })

  it.each([
    ['an unknown day', { day: 'someday' }],
    ['an unknown entry type', { entryType: 'brunch' }],
    ['an unknown day in days', { days: ['monday', 'funday'] }],
    ['an unknown attribute', { queryFilterString: 'colour = red' }],
    ['bad filter syntax', { queryFilterString: '(name = x))' }],
    ['a bad UUID in the filter', { queryFilterString: 'tags.id = "nope"' }],
    ['a negative limit', { atMostPerWeek: -1 }],
    ['a fractional limit', { atLeastPerWeek: 0.5 }],
    ['at least above at most', { atMostPerWeek: 1, atLeastPerWeek: 2 }],
    ['a name of 201 characters', { name: 'x'.repeat(201) }],
  ])('refuses %s with 422 and writes nothing', async (_case, body) => {
    const { api, db, cook } = await kitchen()
    const answer = await api.call(createMealplanRule, { as: cook, body: body as never })
    expect(answer.status).toBe(422)
    const rule = await api.ok(createMealplanRule, { as: cook, body: { name: 'Kept' } })
    const update = await api.call(updateMealplanRule, { as: cook, params: { id: rule.id }, body: body as never })
    expect(update.status).toBe(422)
    const rows = await db.select().from(mealPlanRules).where(eq(mealPlanRules.householdId, cook.householdId))
    expect(rows.map((row) => row.name)).toEqual(['Kept'])
  })

  it("keeps another household's and another group's rules out of reach, and out of their picks", async () => {
    const { api, db, cook, neighbour, stranger, recipe } = await kitchen()
    await recipe('Trout', 'fish')
    const rule = await api.ok(createMealplanRule, { as: cook, body: { queryFilterString: 'tags.slug = nothing' } })
    for (const outsider of [neighbour, stranger]) {
      expect((await api.call(getMealplanRule, { as: outsider, params: { id: rule.id } })).status).toBe(404)
      const update = await api.call(updateMealplanRule, { as: outsider, params: { id: rule.id }, body: {} })
      expect(update.status).toBe(404)
      expect((await api.call(deleteMealplanRule, { as: outsider, params: { id: rule.id } })).status).toBe(404)
      expect((await api.ok(listMealplanRules, { as: outsider })).items).toEqual([])
    }
    // The neighbour (same group) picks from the group's recipes by rules of its own: ours do not apply.
    const picked = await api.ok(createRandomMealplan, { as: neighbour, body: { date: monday } })
    expect(picked.recipe?.name).toBe('Trout')
    expect(picked.householdId).toBe(neighbour.householdId)
    // The stranger's group has no recipes at all.
    expect((await api.call(createRandomMealplan, { as: stranger, body: { date: monday } })).status).toBe(404)
    const [row] = await db.select().from(mealPlanRules).where(eq(mealPlanRules.id, rule.id))
    expect(row!.queryFilterString).toBe('tags.slug = nothing')
  })
})

describe('picking by the rules', () => {
  it('plans a random recipe by the most specific rule and publishes the entry', async () => {
    const { api, db, cook, recipe } = await kitchen()
    await recipe('Trout', 'fish')
    await recipe('Steak', 'meat')
    await api.ok(createMealplanRule, { as: cook, body: { queryFilterString: 'tags.slug = meat' } })
    await api.ok(createMealplanRule, {
      as: cook,
      body: { day: 'monday', entryType: 'dinner', queryFilterString: 'tags.slug = fish' },
    })
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const picked = await api.ok(suggestMealplan, { as: cook, body: { date: monday, entryType: 'dinner' } })
      expect(picked.recipe.name).toBe('Trout')
      expect(picked.rule?.days).toEqual(['monday'])
      // Tuesday: only the any-day rule applies.
      const tuesday = await api.ok(suggestMealplan, { as: cook, body: { date: addDays(monday, 1) } })
      expect(tuesday.recipe.name).toBe('Steak')
    }
    const random = await api.call(createRandomMealplan, { as: cook, body: { date: monday } })
    expect(random.status).toBe(200)
    const entry = random.body as ReadPlanEntry
    expect(entry).toMatchObject({ date: monday, entryType: 'dinner', recipe: { name: 'Trout' }, title: '' })
    const events = await eventsAfter(db, cook.groupId, 0, 50)
    expect(events.filter((event) => event.type === 'mealplan-entry.created').map((event) => event.document)).toEqual([
      expect.objectContaining({ mealplanId: entry.id, recipeName: 'Trout' }),
    ])
    // A suggestion plans nothing.
    expect(await entriesOf({ db }, cook.householdId)).toHaveLength(1)
  })

  it('answers 404 naming the rule that left nothing, and "try another" with exclude', async () => {
    const { api, cook, recipe } = await kitchen()
    const trout = await recipe('Trout', 'fish')
    const salmon = await recipe('Salmon', 'fish')
    await api.ok(createMealplanRule, {
      as: cook,
      body: { name: 'Vegan Mondays', days: ['monday'], queryFilterString: 'tags.slug = vegan' },
    })
    const none = await api.call(createRandomMealplan, { as: cook, body: { date: monday } })
    expect(none.status).toBe(404)
    expect(JSON.stringify(none.body)).toContain('Vegan Mondays')
    const suggestion = await api.call(suggestMealplan, { as: cook, body: { date: monday } })
    expect(suggestion.status).toBe(404)
    expect((suggestion.body as unknown as { detail: { message: string } }).detail.message).toBe(
      'No recipes match the rule "Vegan Mondays"',
    )

    const tuesday = addDays(monday, 1)
    const first = await api.ok(suggestMealplan, { as: cook, body: { date: tuesday } })
    const second = await api.ok(suggestMealplan, { as: cook, body: { date: tuesday, exclude: [first.recipe.id] } })
    expect(new Set([first.recipe.id, second.recipe.id])).toEqual(new Set([trout.id, salmon.id]))
    const exhausted = await api.call(suggestMealplan, {
      as: cook,
      body: { date: tuesday, exclude: [trout.id, salmon.id] },
    })
    expect(exhausted.status).toBe(404)
  })

  it('does not repeat a recipe inside the no-repeat window while others are left', async () => {
    const { api, cook, recipe } = await kitchen()
    const recipes = await Promise.all(['A', 'B', 'C', 'D'].map((name) => recipe(name)))
    const filled = await api.ok(fillMealplans, {
      as: cook,
      body: { startDate: monday, endDate: addDays(monday, 3), entryTypes: ['dinner'] },
    })
    expect(filled.created.map((entry) => entry.recipeId).sort()).toEqual(recipes.map((each) => each.id).sort())
    // Four recipes, a fifth day: the one planned farthest away (day 1) comes back, never yesterday's.
    const fifth = await api.ok(createRandomMealplan, { as: cook, body: { date: addDays(monday, 4) } })
    expect(fifth.recipeId).toBe(filled.created[0]!.recipeId)
    // A window of 0 days lets anything come back.
    await api.ok(updateMealplanSettings, { as: cook, body: { noRepeatDays: 0 } })
    const anyRecipe = await api.ok(suggestMealplan, { as: cook, body: { date: addDays(monday, 5) } })
    expect(recipes.map((each) => each.id)).toContain(anyRecipe.recipe.id)
  })

  it('keeps weekly limits: at most two meat, at least one fish, weeks from the first day of the week', async () => {
    const { api, db, cook, recipe } = await kitchen()
    for (const name of ['Steak', 'Ribs', 'Burger', 'Roast']) await recipe(name, 'meat')
    await recipe('Trout', 'fish')
    for (const name of ['Dal', 'Curry', 'Salad', 'Risotto', 'Gnocchi']) await recipe(name, 'veg')
    await api.ok(createMealplanRule, {
      as: cook,
      body: { name: 'Little meat', queryFilterString: 'tags.slug = meat', atMostPerWeek: 2 },
    })
    await api.ok(createMealplanRule, {
      as: cook,
      body: { name: 'Some fish', queryFilterString: 'tags.slug = fish', atLeastPerWeek: 1 },
    })
    // Weeks start on Monday here.
    await db
      .update(householdPreferences)
      .set({ firstDayOfWeek: 1 })
      .where(eq(householdPreferences.householdId, cook.householdId))
    await api.ok(updateMealplanSettings, { as: cook, body: { noRepeatDays: 0 } })
    for (let round = 0; round < 3; round += 1) {
      await db.delete(mealPlanEntries).where(eq(mealPlanEntries.householdId, cook.householdId))
      const week = await api.ok(fillMealplans, {
        as: cook,
        body: { startDate: monday, endDate: addDays(monday, 6), entryTypes: ['dinner', 'lunch'] },
      })
      expect(week.created).toHaveLength(14)
      const tagged = (tag: string) =>
        week.created.filter((entry) => entry.recipe?.tags.some((each) => each.slug === tag)).length
      expect(tagged('meat')).toBeLessThanOrEqual(2)
      expect(tagged('fish')).toBeGreaterThanOrEqual(1)
    }
    // With only meat left, the limit leaves nothing and names itself.
    await db.delete(mealPlanEntries).where(eq(mealPlanEntries.householdId, cook.householdId))
    const onlyMeat = await api.ok(createMealplanRule, {
      as: cook,
      body: { name: 'Meat only', queryFilterString: 'tags.slug = meat' },
    })
    const week = await api.ok(fillMealplans, {
      as: cook,
      body: { startDate: monday, endDate: addDays(monday, 6), entryTypes: ['dinner'] },
    })
    expect(week.created).toHaveLength(2)
    expect(week.empty).toHaveLength(5)
    expect(week.empty[0]!.reason).toContain('"Little meat" allows at most 2 a week')
    await api.ok(deleteMealplanRule, { as: cook, params: { id: onlyMeat.id } })
  })

  it('fills only empty slots, replaces unlocked entries on request and keeps locked ones', async () => {
    const { api, cook, recipe } = await kitchen()
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']) await recipe(name)
    const note = await api.ok(createMealplan, {
      as: cook,
      body: { date: monday, entryType: 'dinner', title: 'Eating out' },
    })
    const locked = await api.ok(createMealplan, {
      as: cook,
      body: { date: addDays(monday, 1), entryType: 'dinner', title: 'Birthday', locked: true },
    })
    const first = await api.ok(fillMealplans, {
      as: cook,
      body: { startDate: monday, endDate: addDays(monday, 2), entryTypes: ['dinner'] },
    })
    expect(first.kept.map((entry) => entry.id).sort()).toEqual([note.id, locked.id].sort())
    expect(first.created.map((entry) => entry.date)).toEqual([addDays(monday, 2)])
    expect(first.empty).toEqual([])

    const again = await api.ok(fillMealplans, {
      as: cook,
      body: { startDate: monday, endDate: addDays(monday, 2), entryTypes: ['dinner'], replaceUnlocked: true },
    })
    expect(again.kept.map((entry) => entry.id)).toEqual([locked.id])
    expect(again.created.map((entry) => entry.date)).toEqual([monday, addDays(monday, 2)])
    const listed = await api.ok(listMealplans, {
      as: cook,
      query: { start_date: monday, end_date: addDays(monday, 2), perPage: -1 },
    })
    expect(listed.items.map((entry) => entry.id).sort()).toEqual(
      [locked.id, ...again.created.map((entry) => entry.id)].sort(),
    )
    // Unlocking makes it replaceable.
    await api.ok(updateMealplan, { as: cook, params: { id: locked.id }, body: { ...locked, locked: false } })
    const third = await api.ok(fillMealplans, {
      as: cook,
      body: { startDate: monday, endDate: addDays(monday, 2), entryTypes: ['dinner'], replaceUnlocked: true },
    })
    expect(third.kept).toEqual([])
    expect(third.created).toHaveLength(3)
  })

  it('gives each slot left empty its reason, and fills of one household take turns', async () => {
    const { api, cook, recipe, ...rest } = await kitchen()
    const empty = await api.ok(fillMealplans, { as: cook, body: { startDate: monday, endDate: monday } })
    expect(empty.empty).toEqual([{ date: monday, entryType: 'dinner', reason: 'The group has no recipes' }])
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) await recipe(name)
    const fills = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.call(fillMealplans, {
          as: cook,
          body: { startDate: monday, endDate: addDays(monday, 6), entryTypes: ['dinner'] },
        }),
      ),
    )
    expect(fills.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    // One fill planned the week; the others found it full.
    const created = fills.map((answer) => (answer.body as { created: unknown[] }).created.length).sort()
    expect(created).toEqual([0, 0, 0, 7])
    const rows = await entriesOf(rest, cook.householdId)
    expect(rows).toHaveLength(7)
    expect(new Set(rows.map((row) => row.date)).size).toBe(7)
    // Seven recipes, a 14-day window: no recipe twice.
    expect(new Set(rows.map((row) => row.recipeId)).size).toBe(7)
  })

  it.each([
    ['an end before the start', { startDate: '2026-03-05', endDate: '2026-03-01' }],
    ['more than 62 days', { startDate: '2026-01-01', endDate: '2026-03-05' }],
    ['no entry types', { startDate: monday, endDate: monday, entryTypes: [] }],
    ['an unknown entry type', { startDate: monday, endDate: monday, entryTypes: ['brunch'] }],
    ['a bad date', { startDate: 'monday', endDate: monday }],
  ])('refuses a fill with %s, planning nothing', async (_case, body) => {
    const { api, cook, recipe, ...rest } = await kitchen()
    await recipe('A')
    const answer = await api.call(fillMealplans, { as: cook, body: body as never })
    expect(answer.status).toBe(422)
    expect(await entriesOf(rest, cook.householdId)).toEqual([])
  })

  it.each([
    ['no date', {}],
    ['a bad date', { date: '2026-02-31' }],
    ['an unknown entry type', { date: monday, entryType: 'brunch' }],
    ['exclude ids that are not UUIDs', { date: monday, exclude: ['trout'] }],
  ])('refuses a random pick or suggestion with %s', async (_case, body) => {
    const { api, cook, recipe, ...rest } = await kitchen()
    await recipe('A')
    expect((await api.call(suggestMealplan, { as: cook, body: body as never })).status).toBe(422)
    if (!('exclude' in body)) {
      expect((await api.call(createRandomMealplan, { as: cook, body: body as never })).status).toBe(422)
    }
    expect(await entriesOf(rest, cook.householdId)).toEqual([])
  })
})

describe('pickRecipe', () => {
  const rule = (overrides: Partial<PlanRule>): PlanRule => ({
    id: overrides.name ?? 'rule',
    name: '',
    days: [],
    entryTypes: [],
    queryFilterString: '',
    atMostPerWeek: null,
    atLeastPerWeek: null,
    ...overrides,
  })

  it('prefers the rule with fewer days, then fewer types; equally specific rules all hold', () => {
    const anyDinner = rule({ name: 'any dinner', entryTypes: ['dinner'] })
    const mondays = rule({ name: 'mondays', days: ['monday'] })
    const mondayDinner = rule({ name: 'monday dinner', days: ['monday'], entryTypes: ['dinner'] })
    const weekdays = rule({ name: 'weekdays', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] })
    const slot = { date: monday, entryType: 'dinner' as const }
    expect(choosingRules([anyDinner, mondays, weekdays], slot)).toEqual([mondays])
    expect(choosingRules([anyDinner, mondays, mondayDinner], slot)).toEqual([mondayDinner])
    expect(choosingRules([anyDinner, weekdays], slot)).toEqual([weekdays])
    expect(choosingRules([anyDinner], { date: monday, entryType: 'lunch' })).toEqual([])
    const also = rule({ name: 'also monday', days: ['monday'] })
    expect(choosingRules([mondays, also], slot)).toEqual([mondays, also])
    const sets: Record<string, Set<string>> = { mondays: new Set(['a', 'b']), 'also monday': new Set(['b', 'c']) }
    const pick = pickRecipe(slot, {
      rules: [mondays, also],
      matches: (each) => (each ? sets[each.name]! : new Set(['a', 'b', 'c'])),
      planned: [],
      noRepeatDays: 14,
      firstDayOfWeek: 0,
    })
    expect(pick.recipeId).toBe('b')
  })

  it('counts a week from the first day of the week', () => {
    expect(weekOf('2026-03-04', 1)).toEqual(['2026-03-02', '2026-03-08'])
    expect(weekOf('2026-03-04', 0)).toEqual(['2026-03-01', '2026-03-07'])
    expect(weekOf('2026-03-01', 1)).toEqual(['2026-02-23', '2026-03-01'])
  })
})
