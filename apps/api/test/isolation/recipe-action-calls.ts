import { recipeActions } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { WorldUser } from './world.js'

/**
 * The matrix's cases for recipe actions (modules/recipe-actions): each on an action of the caller's own household,
 * for every member (Mealie checks no flag). The `post` address is a loopback one the guard refuses at once, so that a
 * trigger sends nothing anywhere.
 */
export function recipeActionCases(testApp: TestApp): Record<string, EndpointCase> {
  const { db, make } = testApp
  const path = '/api/households/recipe-actions'
  const ownAction = async (caller: WorldUser) => {
    const [row] = await db
      .insert(recipeActions)
      .values({
        groupId: caller.groupId,
        householdId: caller.householdId,
        actionType: 'post',
        title: 'Matrix action',
        url: 'http://127.0.0.1:9/hook',
      })
      .returning()
    return row!
  }
  const body = { actionType: 'link', title: 'Print', url: 'https://example.org/print?r=${slug}' }
  const byId = async (caller: WorldUser) => `${path}/${(await ownAction(caller)).id}`
  return {
    [`GET ${path}`]: {
      rule: 'member',
      request: async (caller) => {
        await ownAction(caller)
        return { url: `${path}?perPage=-1` }
      },
    },
    [`POST ${path}`]: { rule: 'member', request: () => ({ url: path, payload: body }) },
    [`GET ${path}/:id`]: { rule: 'member', request: async (caller) => ({ url: await byId(caller) }) },
    [`PUT ${path}/:id`]: { rule: 'member', request: async (caller) => ({ url: await byId(caller), payload: body }) },
    [`DELETE ${path}/:id`]: { rule: 'member', request: async (caller) => ({ url: await byId(caller) }) },
    [`POST ${path}/:id/trigger/:recipeSlug`]: {
      rule: 'member',
      allowedStatus: 202,
      request: async (caller) => {
        const recipe = await make.recipe({ owner: caller, name: `Triggered ${Math.random().toString(36).slice(2)}` })
        return { url: `${await byId(caller)}/trigger/${recipe.slug}`, payload: {} }
      },
    },
  }
}
