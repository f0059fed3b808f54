import { foods } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { WorldUser } from './world.js'

/**
 * The isolation matrix's calls of the ingredient parser: every member may parse, and the food of the line exists in
 * every group under the same name, so a match taken from another group would show as a foreign row.
 */
export function parserCases(testApp: TestApp): Record<string, EndpointCase> {
  const { db } = testApp
  const withFood = async (caller: WorldUser) => {
    await db.insert(foods).values({ groupId: caller.groupId, name: 'matrix flour' }).onConflictDoNothing()
  }
  return {
    'POST /api/parser/ingredient': {
      rule: 'member',
      request: async (caller) => {
        await withFood(caller)
        return { url: '/api/parser/ingredient', payload: { ingredient: '2 cups matrix flour', parser: 'nlp' } }
      },
    },
    'POST /api/parser/ingredients': {
      rule: 'member',
      request: async (caller) => {
        await withFood(caller)
        return {
          url: '/api/parser/ingredients',
          payload: { ingredients: ['2 cups matrix flour', '1 egg'], parser: 'brute' },
        }
      },
    },
  }
}
