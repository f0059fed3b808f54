import { z } from 'zod'
import { ErrorResponse } from '../common/errors.js'
import { endpointGroup } from '../endpoint.js'
import { IngredientRequest, IngredientsRequest, ParsedIngredient } from './models.js'

// 400: the OpenAI parser asked for while OpenAI is not configured (Mealie answers 500; an expected failure is a 4xx).
// 502: the provider failed or answered something else than the JSON asked for; 504: it did not answer in time.
const parser = endpointGroup({
  tags: ['Recipe: Ingredient Parser'],
  auth: 'user',
  errors: { 400: ErrorResponse, 502: ErrorResponse, 504: ErrorResponse },
})

export const parseIngredient = parser.endpoint({
  method: 'POST',
  path: '/api/parser/ingredient',
  summary: "Parse one ingredient line into quantity, unit, food and note, matched to the group's foods and units",
  body: IngredientRequest,
  responses: { 200: ParsedIngredient },
})

export const parseIngredients = parser.endpoint({
  method: 'POST',
  path: '/api/parser/ingredients',
  summary: "Parse ingredient lines, one answer per line in the same order, matched to the group's foods and units",
  body: IngredientsRequest,
  responses: { 200: z.array(ParsedIngredient) },
})

export const parserEndpoints = [parseIngredient, parseIngredients] as const
