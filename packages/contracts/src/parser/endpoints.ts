import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { IngredientRequest, IngredientsRequest, ParsedIngredient } from './models.js'

/**
 * The ingredient parser (reference §8.1): matching uses the caller's group's foods and units. Larder answers 400 with
 * a sentence where Mealie answers 500 (the OpenAI parser chosen while no provider is configured, or a provider failure).
 */
const parser = endpointGroup({ tags: ['Recipe: Ingredient Parser'], auth: 'user', errors: { 400: ErrorResponse } })

export const parseIngredient = parser.endpoint({
  method: 'POST',
  path: '/api/parser/ingredient',
  summary: 'Parse one ingredient line into quantity, unit, food and note',
  body: IngredientRequest,
  responses: { 200: ParsedIngredient },
})

export const parseIngredients = parser.endpoint({
  method: 'POST',
  path: '/api/parser/ingredients',
  summary: 'Parse ingredient lines; the answers come in the order of the lines',
  body: IngredientsRequest,
  responses: { 200: z.array(ParsedIngredient) },
})

export const parserEndpoints = [parseIngredient, parseIngredients] as const
