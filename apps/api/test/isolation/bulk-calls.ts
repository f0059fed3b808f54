import { randomBytes } from 'node:crypto'
import { categories, tags } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { RecipeRowCase } from './media-calls.js'
import type { WorldUser } from './world.js'

const unique = () => randomBytes(4).toString('hex')

const settings = {
  public: true,
  showNutrition: false,
  showAssets: false,
  landscapeView: false,
  disableComments: false,
  disableAmount: true,
  locked: false,
}

async function organizerOf(testApp: TestApp, kind: 'tags' | 'categories', user: { groupId: string }) {
  const name = `${kind} ${unique()}`
  const [row] = await testApp.db
    .insert(kind === 'tags' ? tags : categories)
    .values({ groupId: user.groupId, name, slug: name.replace(' ', '-') })
    .returning()
  return { id: row!.id, name: row!.name, slug: row!.slug }
}

/** The matrix's cases for suggestions and bulk actions (modules/recipes/suggestions.*, bulk-actions.*). */
export function recipeBulkCases(testApp: TestApp): Record<string, EndpointCase> {
  const ownRecipe = (caller: WorldUser) => testApp.make.recipe({ owner: caller, name: `Bulk ${unique()}` })
  return {
    'GET /api/recipes/suggestions': {
      rule: 'member',
      request: () => ({ url: '/api/recipes/suggestions?limit=1000&maxMissingFoods=1000&maxMissingTools=1000' }),
    },
    'POST /api/recipes/bulk-actions/tag': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes/bulk-actions/tag',
        payload: { recipes: [(await ownRecipe(caller)).slug], tags: [await organizerOf(testApp, 'tags', caller)] },
      }),
    },
    'POST /api/recipes/bulk-actions/categorize': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes/bulk-actions/categorize',
        payload: {
          recipes: [(await ownRecipe(caller)).slug],
          categories: [await organizerOf(testApp, 'categories', caller)],
        },
      }),
    },
    'POST /api/recipes/bulk-actions/settings': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes/bulk-actions/settings',
        payload: { recipes: [(await ownRecipe(caller)).slug], settings },
      }),
    },
    'POST /api/recipes/bulk-actions/delete': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes/bulk-actions/delete',
        payload: { recipes: [(await ownRecipe(caller)).slug] },
      }),
    },
    'POST /api/recipes/bulk-actions/export': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes/bulk-actions/export',
        payload: { recipes: [(await ownRecipe(caller)).slug], exportType: 'json' },
      }),
    },
  }
}

/**
 * Bulk actions are the recipe's household's (reference §5.2): tag, categorize, settings and export refuse another
 * household's or group's recipe with 404; delete skips it (200, the recipe stays: bulk-actions.test.ts checks that);
 * a householdmate's locked recipe is open to them all, as Mealie has no lock check here.
 */
export const recipeBulkRowCases: RecipeRowCase[] = [
  ...(
    [
      ['sameGroupOtherHousehold', 'another household of the group'],
      ['otherGroup', 'another group'],
    ] as const
  ).flatMap(([target, whose]): RecipeRowCase[] => [
    {
      name: `tags a recipe of ${whose} in bulk: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: '/api/recipes/bulk-actions/tag',
        payload: {
          recipes: [(await testApp.make.recipe({ owner })).slug],
          tags: [await organizerOf(testApp, 'tags', owner)],
        },
      }),
    },
    {
      name: `categorizes a recipe of ${whose} in bulk: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: '/api/recipes/bulk-actions/categorize',
        payload: {
          recipes: [(await testApp.make.recipe({ owner })).slug],
          categories: [await organizerOf(testApp, 'categories', owner)],
        },
      }),
    },
    {
      name: `changes the settings of a recipe of ${whose} in bulk: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: '/api/recipes/bulk-actions/settings',
        payload: { recipes: [(await testApp.make.recipe({ owner })).slug], settings },
      }),
    },
    {
      name: `exports a recipe of ${whose} in bulk: not found`,
      target,
      expected: 404,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: '/api/recipes/bulk-actions/export',
        payload: { recipes: [(await testApp.make.recipe({ owner })).slug], exportType: 'json' },
      }),
    },
    {
      name: `deletes a recipe of ${whose} in bulk: skipped`,
      target,
      expected: '2xx',
      request: async (testApp, owner) => ({
        method: 'POST',
        url: '/api/recipes/bulk-actions/delete',
        payload: { recipes: [(await testApp.make.recipe({ owner })).slug] },
      }),
    },
  ]),
  ...(
    [
      ['tag', { tags: [] }],
      ['settings', { settings }],
      ['delete', {}],
    ] as const
  ).map(([action, rest]): RecipeRowCase => ({
    name: `bulk ${action} on a householdmate's locked recipe: allowed (bulk actions have no lock check)`,
    target: 'householdmate',
    expected: '2xx',
    request: async (testApp, owner) => ({
      method: 'POST',
      url: `/api/recipes/bulk-actions/${action}`,
      payload: { recipes: [(await testApp.make.recipe({ owner, settingsLocked: true })).slug], ...rest },
    }),
  })),
]
