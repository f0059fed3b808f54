import { z } from 'zod'

export const recipeActionTypes = ['link', 'post'] as const

/**
 * POST and PUT `/api/households/recipe-actions[/id]` (Mealie's CreateGroupRecipeAction / SaveGroupRecipeAction). A
 * `link` URL may hold `${url}`, `${id}` and `${slug}`, which the web client fills in; a `post` URL is used as written.
 * Mealie's PUT also carries `groupId` and `householdId`: accepted and ignored (an action stays in its household).
 */
export const RecipeActionInput = z
  .object({
    actionType: z.enum(recipeActionTypes),
    title: z.string().trim().min(1).max(200),
    url: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .refine((value) => /^https?:\/\/\S+$/i.test(value), 'Enter an http or https address'),
    groupId: z.uuid().optional(),
    householdId: z.uuid().optional(),
  })
  .meta({ id: 'GroupRecipeActionIn' })
export type RecipeActionInput = z.input<typeof RecipeActionInput>
export type RecipeActionInputParsed = z.output<typeof RecipeActionInput>

/** A household's recipe action as Mealie answers it (GroupRecipeActionOut). */
export const GroupRecipeActionOut = z
  .object({
    id: z.uuid(),
    actionType: z.enum(recipeActionTypes),
    title: z.string(),
    url: z.string(),
    groupId: z.uuid(),
    householdId: z.uuid(),
  })
  .meta({ id: 'GroupRecipeActionOut' })
export type GroupRecipeActionOut = z.infer<typeof GroupRecipeActionOut>
