import { randomBytes } from 'node:crypto'
import { multipartForm, zipOf } from '../media-helpers.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'

/** The matrix's cases for migrations and recipe zips (modules/migrations): each imports into the caller's household. */
export function migrationCases(_testApp: TestApp): Record<string, EndpointCase> {
  // A new name each call: the matrix imports many times, and a name is taken at most ten times ("Soup (9)").
  const recipeJson = () =>
    JSON.stringify({ name: `Imported ${randomBytes(4).toString('hex')}`, recipeIngredient: ['1 l water'] })
  return {
    'POST /api/groups/migrations': {
      rule: 'member',
      request: async () => {
        const form = multipartForm([
          { name: 'migration_type', value: 'nextcloud' },
          { name: 'archive', fileName: 'nextcloud.zip', content: await zipOf([['Soup/recipe.json', recipeJson()]]) },
        ])
        return { url: '/api/groups/migrations', payload: form.payload, headers: form.headers }
      },
    },
    'POST /api/recipes/create/zip': {
      rule: 'member',
      allowedStatus: 201,
      request: async () => {
        const form = multipartForm([
          { name: 'archive', fileName: 'soup.zip', content: await zipOf([['imported-soup.json', recipeJson()]]) },
        ])
        return { url: '/api/recipes/create/zip', payload: form.payload, headers: form.headers }
      },
    },
  }
}
