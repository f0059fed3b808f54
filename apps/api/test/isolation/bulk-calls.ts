import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { categories, groupDataExports, tags } from '../../src/db/schema/index.js'
import { groupExportRelativePath } from '../../src/lib/media-paths.js'
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

/** An export of the caller's group whose build failed after its retries: a row only. */
async function failedExport(testApp: TestApp, caller: WorldUser) {
  const [row] = await testApp.db
    .insert(groupDataExports)
    .values({
      groupId: caller.groupId,
      name: 'Data Export',
      status: 'failed',
      error: 'the disk is full',
      sizeBytes: 0,
      expiresAt: new Date(Date.now() + 60_000),
    })
    .returning()
  return row!.id
}

/** An export of the caller's group as the export job leaves it: a row and its zip under DATA_DIR. */
async function ownExport(testApp: TestApp, caller: WorldUser) {
  const [row] = await testApp.db
    .insert(groupDataExports)
    .values({ groupId: caller.groupId, name: 'Data Export', sizeBytes: 3, expiresAt: new Date(Date.now() + 60_000) })
    .returning()
  const exportPath = groupExportRelativePath(caller.groupId, row!.id)
  const file = path.join(testApp.config.dataDirectory, exportPath)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, 'zip')
  return exportPath
}

/**
 * The matrix's cases for suggestions, bulk actions and the group's exports (modules/recipes/suggestions.*,
 * bulk-actions.*, group-exports.*, modules/downloads).
 */
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
    'GET /api/recipes/bulk-actions/export': {
      rule: 'member',
      request: async (caller) => {
        await ownExport(testApp, caller)
        return { url: '/api/recipes/bulk-actions/export' }
      },
    },
    'GET /api/recipes/bulk-actions/export/download': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/bulk-actions/export/download?path=${encodeURIComponent(await ownExport(testApp, caller))}`,
      }),
    },
    'POST /api/recipes/bulk-actions/export/:id/retry': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/bulk-actions/export/${await failedExport(testApp, caller)}/retry`,
      }),
    },
    'DELETE /api/recipes/bulk-actions/export/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/bulk-actions/export/${await failedExport(testApp, caller)}` }),
    },
    'DELETE /api/recipes/bulk-actions/export/purge': {
      rule: 'member',
      request: () => ({ url: '/api/recipes/bulk-actions/export/purge' }),
    },
    // The token is the authority: whoever holds one of an export of their group downloads it.
    'GET /api/utils/download': {
      rule: 'anyone',
      request: async (caller) => {
        const exportPath = await ownExport(testApp, caller)
        const answer = await testApp.app.inject({
          method: 'GET',
          url: `/api/recipes/bulk-actions/export/download?path=${encodeURIComponent(exportPath)}`,
          headers: { authorization: caller.authorization },
        })
        return { url: `/api/utils/download?token=${answer.json<{ fileToken: string }>().fileToken}` }
      },
    },
  }
}

/**
 * Bulk actions are the recipe's household's (docs/security.md "Recipe edit and delete rules"): tag, categorize, settings and export refuse another
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
      ['otherGroup', 404, 'another group: not found'],
      ['sameGroupOtherHousehold', '2xx', "another household of the group: allowed (exports are the group's)"],
    ] as const
  ).map(([target, expected, outcome]): RecipeRowCase => ({
    name: `asks for a download token of an export of ${outcome}`,
    target,
    expected,
    request: async (testApp, owner) => ({
      method: 'GET',
      url: `/api/recipes/bulk-actions/export/download?path=${encodeURIComponent(await ownExport(testApp, owner))}`,
    }),
  })),
  ...(
    [
      ['otherGroup', 404, 'another group: not found'],
      ['sameGroupOtherHousehold', '2xx', "another household of the group: allowed (exports are the group's)"],
    ] as const
  ).flatMap(([target, expected, outcome]): RecipeRowCase[] => [
    {
      name: `retries a failed export of ${outcome}`,
      target,
      expected,
      request: async (testApp, owner) => ({
        method: 'POST',
        url: `/api/recipes/bulk-actions/export/${await failedExport(testApp, owner)}/retry`,
      }),
    },
    {
      name: `dismisses an export of ${outcome}`,
      target,
      expected,
      request: async (testApp, owner) => ({
        method: 'DELETE',
        url: `/api/recipes/bulk-actions/export/${await failedExport(testApp, owner)}`,
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
