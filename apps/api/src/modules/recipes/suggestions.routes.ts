import { suggestRecipes } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { RecipeSuggestionService } from './suggestions.service.js'

/** GET /api/recipes/suggestions: a static path, so Fastify's router prefers it to `/api/recipes/:slug`. */
export function registerRecipeSuggestionRoutes(app: FastifyInstance, suggestions: RecipeSuggestionService): void {
  registerEndpoint(app, suggestRecipes, ({ caller, query }) => suggestions.suggest(caller, query))
}
