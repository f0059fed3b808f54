import { randomBytes } from 'node:crypto'
import { mealPlanEntries, mealPlanRules, mealPlanSettings } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { World, WorldUser } from './world.js'

/**
 * The matrix's cases for meal plans (modules/mealplans): each on an entry, a rule or a calendar of the caller's own
 * household; any member may write (docs/mealie-compatibility.md "Meal plans").
 */
export function mealplanCases(testApp: TestApp, world: World): Record<string, EndpointCase> {
  const { db } = testApp
  const path = '/api/households/mealplans'
  const recipeOf = (caller: WorldUser) => world.groups.find((group) => group.id === caller.groupId)!.recipeIds[0]!
  const ownEntry = async (caller: WorldUser) => {
    const [entry] = await db
      .insert(mealPlanEntries)
      .values({
        groupId: caller.groupId,
        householdId: caller.householdId,
        userId: caller.id,
        date: '2026-03-02',
        entryType: 'dinner',
        recipeId: recipeOf(caller),
      })
      .returning()
    return entry!
  }
  const ownRule = async (caller: WorldUser) => {
    const [rule] = await db
      .insert(mealPlanRules)
      .values({ groupId: caller.groupId, householdId: caller.householdId, days: ['monday'] })
      .returning()
    return rule!
  }
  const ownCalendarToken = async (caller: WorldUser) => {
    const token = randomBytes(24).toString('base64url')
    await db
      .insert(mealPlanSettings)
      .values({ householdId: caller.householdId, calendarToken: token })
      .onConflictDoUpdate({ target: mealPlanSettings.householdId, set: { calendarToken: token } })
    return token
  }
  /**
   * A rule for any day that leaves one recipe (a world recipe of the caller's group), so that random picks,
   * suggestions and fills choose the same recipe on every run (the casing sweep compares two runs). The other cases'
   * rules are for Mondays, Fridays and Sundays, more specific on those days: the picks are on Wednesdays and Thursdays.
   */
  const oneRecipeRule = async (caller: WorldUser) => {
    await db.insert(mealPlanRules).values({
      groupId: caller.groupId,
      householdId: caller.householdId,
      queryFilterString: `id = "${recipeOf(caller)}"`,
    })
  }
  const entryBody = (caller: WorldUser) => ({
    date: '2026-03-03',
    entryType: 'lunch',
    recipeId: recipeOf(caller),
    servings: 4,
  })
  return {
    [`GET ${path}/rules`]: { rule: 'member', request: () => ({ url: `${path}/rules?perPage=-1` }) },
    [`POST ${path}/rules`]: {
      rule: 'member',
      request: () => ({ url: `${path}/rules`, payload: { day: 'friday', entryType: 'dinner' } }),
    },
    [`GET ${path}/rules/:id`]: {
      rule: 'member',
      request: async (caller) => ({ url: `${path}/rules/${(await ownRule(caller)).id}` }),
    },
    [`PUT ${path}/rules/:id`]: {
      rule: 'member',
      request: async (caller) => ({
        url: `${path}/rules/${(await ownRule(caller)).id}`,
        payload: { day: 'sunday', entryType: 'lunch' },
      }),
    },
    [`DELETE ${path}/rules/:id`]: {
      rule: 'member',
      request: async (caller) => ({ url: `${path}/rules/${(await ownRule(caller)).id}` }),
    },
    [`GET ${path}`]: {
      rule: 'member',
      request: async (caller) => {
        await ownEntry(caller)
        return { url: `${path}?perPage=-1&start_date=2026-03-01&end_date=2026-03-31` }
      },
    },
    [`POST ${path}`]: { rule: 'member', request: (caller) => ({ url: path, payload: entryBody(caller) }) },
    [`GET ${path}/today`]: { rule: 'member', request: () => ({ url: `${path}/today` }) },
    [`POST ${path}/random`]: {
      rule: 'member',
      request: async (caller) => {
        await oneRecipeRule(caller)
        return { url: `${path}/random`, payload: { date: '2026-03-04', entryType: 'dinner' } }
      },
    },
    [`POST ${path}/suggestion`]: {
      rule: 'member',
      request: async (caller) => {
        await oneRecipeRule(caller)
        return { url: `${path}/suggestion`, payload: { date: '2026-03-04', entryType: 'lunch', exclude: [] } }
      },
    },
    [`POST ${path}/fill`]: {
      rule: 'member',
      request: async (caller) => {
        await oneRecipeRule(caller)
        return {
          url: `${path}/fill`,
          payload: { startDate: '2026-05-06', endDate: '2026-05-07', entryTypes: ['dinner'], replaceUnlocked: true },
        }
      },
    },
    [`GET ${path}/settings`]: { rule: 'member', request: () => ({ url: `${path}/settings` }) },
    [`PUT ${path}/settings`]: {
      rule: 'member',
      request: () => ({ url: `${path}/settings`, payload: { mealTimes: { dinner: '19:00' } } }),
    },
    [`GET ${path}/calendar`]: { rule: 'member', request: () => ({ url: `${path}/calendar` }) },
    [`POST ${path}/calendar/reset`]: { rule: 'member', request: () => ({ url: `${path}/calendar/reset` }) },
    [`GET ${path}/calendar/:token.ics`]: {
      rule: 'anyone',
      request: async (caller) => {
        await ownEntry(caller)
        return { url: `${path}/calendar/${await ownCalendarToken(caller)}.ics` }
      },
    },
    [`GET ${path}/:id`]: {
      rule: 'member',
      request: async (caller) => ({ url: `${path}/${(await ownEntry(caller)).id}` }),
    },
    [`PUT ${path}/:id`]: {
      rule: 'member',
      request: async (caller) => ({ url: `${path}/${(await ownEntry(caller)).id}`, payload: entryBody(caller) }),
    },
    [`DELETE ${path}/:id`]: {
      rule: 'member',
      request: async (caller) => ({ url: `${path}/${(await ownEntry(caller)).id}` }),
    },
  }
}
