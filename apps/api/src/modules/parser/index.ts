import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import type { AiProvider } from '../ai/index.js'
import { registerParserRoutes } from './routes.js'
import { createParserService } from './service.js'

export type { ParserService } from './service.js'
/**
 * `parseAndMatchIngredients(executor, groupId, lines)`: for the importers. Parses each line with Larder's own model
 * (no network), matches units and foods to the group's (docs/mealie-compatibility.md "Matching foods and units") and answers RecipeIngredient-shaped objects,
 * one per line, in order, with `originalText` = the line; unmatched units and foods are `{ name }` (no id), which the
 * recipe create/update input accepts and turns into new foods and units. A line the parser is not sure of comes back
 * as written (the line as note and `originalText`, no quantity, unit or food) for a person to parse. Pass the
 * transaction the import runs in.
 */
export { parseAndMatchIngredients } from './service.js'

/** The ingredient parser (docs/mealie-compatibility.md "Ingredient parser"): `POST /api/parser/ingredient(s)` with `nlp`, `brute` or `openai`. */
export function createParserModule(deps: { db: Database; ai: AiProvider }) {
  const service = createParserService(deps)
  return { service, registerRoutes: (app: FastifyInstance) => registerParserRoutes(app, service) }
}

export type ParserModule = ReturnType<typeof createParserModule>
export { parseImportedIngredients, type ImportedIngredientLine } from './imported-ingredients.js'
