import { randomBytes } from 'node:crypto'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { World, WorldUser } from './world.js'

/**
 * The matrix's cases for notifiers (modules/notifiers): each on a notifier of the caller's own household, for members
 * with advanced options (and administrators). The test posts to a closed port on 127.0.0.1, which the guard refuses
 * without a request: the answer is Mealie's 204 all the same.
 */
export function notifierCases(testApp: TestApp, world: World): Record<string, EndpointCase> {
  const { app } = testApp
  async function ownNotifier(caller: WorldUser) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/households/events/notifications',
      headers: { authorization: caller.authorization },
      payload: { name: `Phone ${randomBytes(4).toString('hex')}`, appriseUrl: 'json://127.0.0.1:9/hook' },
    })
    if (answer.statusCode !== 201) throw new Error(`cannot make a notifier: ${answer.statusCode} ${answer.body}`)
    return answer.json<{ id: string }>().id
  }
  const path = '/api/households/events/notifications'
  return {
    [`GET ${path}`]: {
      rule: 'advanced',
      request: async (caller) => {
        if (caller.role === 'advanced' || caller.role === 'admin') await ownNotifier(caller)
        return { url: path }
      },
    },
    [`POST ${path}`]: {
      rule: 'advanced',
      allowedStatus: 201,
      request: () => ({
        url: path,
        payload: { name: `Hook ${randomBytes(4).toString('hex')}`, appriseUrl: 'ntfys://ntfy.sh/larder-topic' },
      }),
    },
    [`GET ${path}/:id`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${await notifierOf(caller)}` }),
    },
    [`PUT ${path}/:id`]: {
      rule: 'advanced',
      request: async (caller) => ({
        url: `${path}/${await notifierOf(caller)}`,
        payload: { name: 'Renamed', enabled: true, options: { recipeCreated: true, shoppingListUpdated: true } },
      }),
    },
    [`DELETE ${path}/:id`]: {
      rule: 'advanced',
      allowedStatus: 204,
      request: async (caller) => ({ url: `${path}/${await notifierOf(caller)}` }),
    },
    [`POST ${path}/:id/test`]: {
      rule: 'advanced',
      allowedStatus: 204,
      request: async (caller) => ({ url: `${path}/${await notifierOf(caller)}/test` }),
    },
    [`GET ${path}/:id/deliveries`]: {
      rule: 'advanced',
      request: async (caller) => ({ url: `${path}/${await notifierOf(caller)}/deliveries` }),
    },
  }

  /**
   * A notifier of the caller's household, made by an advanced member of it when the caller may not make one, so that
   * a refused caller is refused for who they are, not for a missing row.
   */
  async function notifierOf(caller: WorldUser): Promise<string> {
    if (caller.role === 'advanced' || caller.role === 'admin') return ownNotifier(caller)
    return ownNotifier(advancedOf(caller))
  }

  function advancedOf(caller: WorldUser): WorldUser {
    return world.users.find((user) => user.householdId === caller.householdId && user.role === 'advanced')!
  }
}
