import { parseIngredient, parseIngredients } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { ParserService } from './service.js'

export function registerParserRoutes(app: FastifyInstance, parser: ParserService): void {
  // Mealie runs the batch on a one-line list and answers its only element (docs/mealie-compatibility.md "Parser endpoints").
  registerEndpoint(
    app,
    parseIngredient,
    async ({ caller, body }) => (await parser.parse(caller, body.parser, [body.ingredient]))[0]!,
  )
  registerEndpoint(app, parseIngredients, ({ caller, body }) => parser.parse(caller, body.parser, body.ingredients))
}
