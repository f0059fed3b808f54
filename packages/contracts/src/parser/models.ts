import { z } from 'zod'
import { IngredientFood, IngredientUnit } from '../foods/models.js'
import { RecipeIngredient } from '../recipes/models.js'

/** The parsers of `POST /api/parser/ingredient(s)` (docs/mealie-compatibility.md "Ingredient parser"): Larder's own model, Mealie's rules, or OpenAI. */
export const RegisteredParser = z.enum(['nlp', 'brute', 'openai']).meta({ id: 'RegisteredParser' })
export type RegisteredParser = z.infer<typeof RegisteredParser>

const IngredientLine = z.string().max(2000)

export const IngredientRequest = z
  .object({ parser: RegisteredParser.default('nlp'), ingredient: IngredientLine })
  .meta({ id: 'IngredientRequest' })
export type IngredientRequest = z.input<typeof IngredientRequest>

export const IngredientsRequest = z
  .object({ parser: RegisteredParser.default('nlp'), ingredients: z.array(IngredientLine).max(1000) })
  .meta({ id: 'IngredientsRequest' })
export type IngredientsRequest = z.input<typeof IngredientsRequest>

/** How sure the parser is of each part, 0–1; null for a part it did not find (brute: all null; OpenAI: average only). */
export const IngredientConfidence = z
  .object({
    average: z.number().nullable(),
    comment: z.number().nullable(),
    name: z.number().nullable(),
    unit: z.number().nullable(),
    quantity: z.number().nullable(),
    food: z.number().nullable(),
  })
  .meta({ id: 'IngredientConfidence' })
export type IngredientConfidence = z.infer<typeof IngredientConfidence>

/** A unit or food the parser found but the group does not have: its name only, so the page can offer to create it. */
export const UnmatchedName = z.object({ name: z.string() }).meta({ id: 'UnmatchedName' })
export type UnmatchedName = z.infer<typeof UnmatchedName>

/** A RecipeIngredient whose unit and food are the group's (matched) or a name to create (unmatched). */
export const ParsedRecipeIngredient = RecipeIngredient.extend({
  unit: z.union([IngredientUnit, UnmatchedName]).nullable(),
  food: z.union([IngredientFood, UnmatchedName]).nullable(),
}).meta({ id: 'ParsedRecipeIngredient' })
export type ParsedRecipeIngredient = z.infer<typeof ParsedRecipeIngredient>

export const ParsedIngredient = z
  .object({ input: z.string(), confidence: IngredientConfidence, ingredient: ParsedRecipeIngredient })
  .meta({ id: 'ParsedIngredient' })
export type ParsedIngredient = z.infer<typeof ParsedIngredient>
