import type { EndpointCase } from './endpoint-calls.js'
import { multipartFile, tinyPng } from './endpoint-calls.js'

/**
 * The matrix's case for import from photos (modules/import/image-import.*). The matrix's app has no OpenAI provider,
 * so every member is let past authentication and answered Mealie's 400 "not enabled"; what the import creates, and
 * whose it is, is tested against a real provider in image-import.test.ts.
 */
export function imageImportCases(): Record<string, EndpointCase> {
  return {
    'POST /api/recipes/create/image': {
      rule: 'member',
      allowedStatus: 400,
      request: async () => ({
        url: '/api/recipes/create/image',
        ...multipartFile('images', 'card.png', await tinyPng()),
      }),
    },
  }
}
