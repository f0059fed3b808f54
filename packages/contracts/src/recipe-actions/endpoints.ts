import { z } from 'zod'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { endpointGroup } from '../endpoint.js'
import { GroupRecipeActionOut, RecipeActionInput } from './models.js'

const path = '/api/households/recipe-actions'

/**
 * A household's recipe actions (docs/mealie-compatibility.md "Recipe actions"): every member may manage them, as
 * Mealie checks no permission flag for them.
 */
const recipeActions = endpointGroup({
  tags: ['Households: Recipe Actions'],
  auth: 'user',
  errors: { 400: ErrorResponse, 404: ErrorResponse },
})

const byId = z.object({ id: z.uuid() })

export const listRecipeActions = recipeActions.endpoint({
  method: 'GET',
  path,
  summary: "List the household's recipe actions",
  query: PaginationQuery,
  responses: { 200: paginated(GroupRecipeActionOut) },
})

export const createRecipeAction = recipeActions.endpoint({
  method: 'POST',
  path,
  summary: 'Create a recipe action: a link to open or an address to post the recipe to',
  body: RecipeActionInput,
  responses: { 201: GroupRecipeActionOut },
})

export const getRecipeAction = recipeActions.endpoint({
  method: 'GET',
  path: `${path}/:id`,
  summary: 'Read one recipe action',
  params: byId,
  responses: { 200: GroupRecipeActionOut },
})

export const updateRecipeAction = recipeActions.endpoint({
  method: 'PUT',
  path: `${path}/:id`,
  summary: 'Replace a recipe action',
  params: byId,
  body: RecipeActionInput,
  responses: { 200: GroupRecipeActionOut },
})

export const deleteRecipeAction = recipeActions.endpoint({
  method: 'DELETE',
  path: `${path}/:id`,
  summary: 'Delete a recipe action; answers it as it was',
  params: byId,
  responses: { 200: GroupRecipeActionOut },
})

export const triggerRecipeAction = recipeActions.endpoint({
  method: 'POST',
  path: `${path}/:id/trigger/:recipeSlug`,
  summary: "Post the recipe to a `post` action's address (sent after the answer); a `link` action is refused",
  params: z.object({ id: z.uuid(), recipeSlug: z.string().min(1).max(500) }),
  responses: { 202: z.null() },
})

export const recipeActionEndpoints = [
  listRecipeActions,
  createRecipeAction,
  getRecipeAction,
  updateRecipeAction,
  deleteRecipeAction,
  triggerRecipeAction,
] as const
