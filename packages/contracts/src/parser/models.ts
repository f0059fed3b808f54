import { z } from 'zod'
import { IngredientFood, IngredientUnit } from '../foods/models.js'
import { RecipeIngredient } from '../recipes/models.js'

/** The parsers a caller may choose (reference §8): Larder's sequence labeller, the rule-based one, the AI provider. */
export const RegisteredParser = z.enum(['nlp', 'brute', 'openai']).meta({ id: 'RegisteredParser' })
export type RegisteredParser = z.infer<typeof RegisteredParser>

const IngredientLine = z.string().max(2000)

/** `POST /api/parser/ingredient`. */
export const IngredientRequest = z
  .object({ parser: RegisteredParser.default('nlp'), ingredient: IngredientLine })
  .meta({ id: 'IngredientRequest' })
export type IngredientRequest = z.input<typeof IngredientRequest>

/** `POST /api/parser/ingredients`: the answers come back in the order of the lines. */
export const IngredientsRequest = z
  .object({ parser: RegisteredParser.default('nlp'), ingredients: z.array(IngredientLine).max(500) })
  .meta({ id: 'IngredientsRequest' })
export type IngredientsRequest = z.input<typeof IngredientsRequest>

/** How sure the parser is of each part, 0..1; null where the parser does not say (brute: all; openai: all but average). */
export const IngredientConfidence = z
  .object({
    average: z.number().nullable(),
    comment: z.number().nullable(),
    name: z.number().nullable().optional(),
    unit: z.number().nullable(),
    quantity: z.number().nullable(),
    food: z.number().nullable(),
  })
  .meta({ id: 'IngredientConfidence' })
export type IngredientConfidence = z.infer<typeof IngredientConfidence>

/**
 * A unit or food the parser names: one of the group's (with its id) or a candidate it does not have yet (`id: null`,
 * the name as written), which the screen offers to create.
 */
export const ParsedIngredientUnit = IngredientUnit.partial()
  .extend({ id: z.uuid().nullable(), name: z.string() })
  .meta({ id: 'ParsedIngredientUnit' })
export type ParsedIngredientUnit = z.infer<typeof ParsedIngredientUnit>

export const ParsedIngredientFood = IngredientFood.partial()
  .extend({ id: z.uuid().nullable(), name: z.string() })
  .meta({ id: 'ParsedIngredientFood' })
export type ParsedIngredientFood = z.infer<typeof ParsedIngredientFood>

/** One parsed line (reference §8.1): the input, the confidences, and the ingredient made of it. */
export const ParsedIngredient = z
  .object({
    input: z.string(),
    confidence: IngredientConfidence,
    ingredient: RecipeIngredient.extend({
      unit: ParsedIngredientUnit.nullable(),
      food: ParsedIngredientFood.nullable(),
      referencedRecipe: RecipeIngredient.shape.referencedRecipe.optional(),
    }),
  })
  .meta({ id: 'ParsedIngredient' })
export type ParsedIngredient = z.infer<typeof ParsedIngredient>
