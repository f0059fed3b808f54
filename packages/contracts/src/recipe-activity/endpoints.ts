import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { Recipe, RecipeComment } from '../recipes/models.js'
import {
  HouseholdRecipeSummary,
  RecipeCommentCreate,
  RecipeCommentUpdate,
  RecipeShareTokenCreate,
  RecipeShareTokenSummary,
  RecipeTimelineEvent,
  RecipeTimelineEventCreate,
  RecipeTimelineEventUpdate,
  TimelineEventImageAnswer,
  UserRatingsOut,
  UserRatingsSummary,
  UserRatingSummary,
  UserRatingUpdate,
} from './models.js'

const notFoundOrForbidden = { 403: ErrorResponse, 404: ErrorResponse }

const ratings = endpointGroup({ tags: ['Users: Ratings'], auth: 'user', errors: notFoundOrForbidden })
const comments = endpointGroup({ tags: ['Recipe: Comments'], auth: 'user', errors: notFoundOrForbidden })
const timeline = endpointGroup({ tags: ['Recipe: Timeline'], auth: 'user', errors: { 404: ErrorResponse } })
const shared = endpointGroup({ tags: ['Shared: Recipes'], auth: 'user', errors: { 404: ErrorResponse } })
const household = endpointGroup({ tags: ['Households: Self Service'], auth: 'user', errors: { 404: ErrorResponse } })

const userId = z.object({ id: z.uuid({ message: 'Not a valid user id' }) })
/** A recipe's slug, or its id, within the caller's group. */
const recipeKey = z.string().min(1).max(500)
const itemId = z.object({ id: z.uuid({ message: 'Not a valid id' }) })

// ——— Ratings and favourites

export const listOwnRatings = ratings.endpoint({
  method: 'GET',
  path: '/api/users/self/ratings',
  summary: "The caller's ratings and favourites",
  responses: { 200: UserRatingsSummary },
})

export const getOwnRating = ratings.endpoint({
  method: 'GET',
  path: '/api/users/self/ratings/:recipeId',
  summary: "The caller's rating of one recipe",
  params: z.object({ recipeId: z.uuid({ message: 'Not a valid recipe id' }) }),
  responses: { 200: UserRatingSummary },
})

export const listOwnFavorites = ratings.endpoint({
  method: 'GET',
  path: '/api/users/self/favorites',
  summary: "The caller's favourite recipes",
  responses: { 200: UserRatingsSummary },
})

export const listUserRatings = ratings.endpoint({
  method: 'GET',
  path: '/api/users/:id/ratings',
  summary: 'A user’s ratings: your own, or anyone’s as an administrator',
  params: userId,
  responses: { 200: UserRatingsOut },
})

export const listUserFavorites = ratings.endpoint({
  method: 'GET',
  path: '/api/users/:id/favorites',
  summary: 'A user’s favourites: your own, or anyone’s as an administrator',
  params: userId,
  responses: { 200: UserRatingsOut },
})

export const setUserRating = ratings.endpoint({
  method: 'POST',
  path: '/api/users/:id/ratings/:slug',
  summary: 'Rate a recipe or mark it a favourite; only the fields given change, the recipe’s average follows',
  params: userId.extend({ slug: recipeKey }),
  body: UserRatingUpdate,
  responses: { 200: null },
})

export const addUserFavorite = ratings.endpoint({
  method: 'POST',
  path: '/api/users/:id/favorites/:slug',
  summary: 'Mark a recipe as a favourite',
  params: userId.extend({ slug: recipeKey }),
  responses: { 200: null },
})

export const removeUserFavorite = ratings.endpoint({
  method: 'DELETE',
  path: '/api/users/:id/favorites/:slug',
  summary: 'Unmark a favourite recipe (its rating stays)',
  params: userId.extend({ slug: recipeKey }),
  responses: { 200: null },
})

// ——— Comments

export const listComments = comments.endpoint({
  method: 'GET',
  path: '/api/comments',
  summary: "The comments on the group's recipes",
  query: PaginationQuery,
  responses: { 200: paginated(RecipeComment), 400: ErrorResponse },
})

export const createComment = comments.endpoint({
  method: 'POST',
  path: '/api/comments',
  summary: 'Comment on a recipe of the group (refused where the recipe disables comments)',
  body: RecipeCommentCreate,
  responses: { 201: RecipeComment },
})

export const getComment = comments.endpoint({
  method: 'GET',
  path: '/api/comments/:id',
  summary: 'Read one comment',
  params: itemId,
  responses: { 200: RecipeComment },
})

export const updateComment = comments.endpoint({
  method: 'PUT',
  path: '/api/comments/:id',
  summary: 'Change a comment’s text: its author or an administrator',
  params: itemId,
  body: RecipeCommentUpdate,
  responses: { 200: RecipeComment },
})

export const deleteComment = comments.endpoint({
  method: 'DELETE',
  path: '/api/comments/:id',
  summary: 'Delete a comment: its author or an administrator',
  params: itemId,
  responses: { 200: SuccessResponse },
})

export const listRecipeComments = comments.endpoint({
  method: 'GET',
  path: '/api/recipes/:slug/comments',
  summary: 'The comments on one recipe, oldest first',
  params: z.object({ slug: recipeKey }),
  responses: { 200: z.array(RecipeComment) },
})

// ——— Timeline events

export const listTimelineEvents = timeline.endpoint({
  method: 'GET',
  path: '/api/recipes/timeline/events',
  summary: "The timeline events of the group's recipes",
  query: PaginationQuery,
  responses: { 200: paginated(RecipeTimelineEvent), 400: ErrorResponse },
})

export const createTimelineEvent = timeline.endpoint({
  method: 'POST',
  path: '/api/recipes/timeline/events',
  summary: 'Add an event to a recipe’s timeline',
  body: RecipeTimelineEventCreate,
  responses: { 201: RecipeTimelineEvent, 403: ErrorResponse },
})

export const getTimelineEvent = timeline.endpoint({
  method: 'GET',
  path: '/api/recipes/timeline/events/:id',
  summary: 'Read one timeline event',
  params: itemId,
  responses: { 200: RecipeTimelineEvent },
})

export const updateTimelineEvent = timeline.endpoint({
  method: 'PUT',
  path: '/api/recipes/timeline/events/:id',
  summary: 'Change a timeline event’s subject, message or image flag',
  params: itemId,
  body: RecipeTimelineEventUpdate,
  responses: { 200: RecipeTimelineEvent },
})

export const deleteTimelineEvent = timeline.endpoint({
  method: 'DELETE',
  path: '/api/recipes/timeline/events/:id',
  summary: 'Delete a timeline event with its picture',
  params: itemId,
  responses: { 200: RecipeTimelineEvent },
})

export const uploadTimelineEventImage = timeline.endpoint({
  method: 'PUT',
  path: '/api/recipes/timeline/events/:id/image',
  summary: 'Attach a picture to a timeline event (multipart fields "image" and "extension")',
  params: itemId,
  bodyEncoding: 'form',
  multipart: z.object({ image: z.file(), extension: z.string().max(20).optional() }),
  responses: { 200: TimelineEventImageAnswer, 413: ErrorResponse, 415: ErrorResponse, 503: ErrorResponse },
})

// ——— Share tokens

export const listShareTokens = shared.endpoint({
  method: 'GET',
  path: '/api/shared/recipes',
  summary: "The group's share tokens, or one recipe's",
  query: z.object({ recipe_id: z.uuid({ message: 'Not a valid recipe id' }).optional() }),
  responses: { 200: z.array(RecipeShareTokenSummary) },
})

export const createShareToken = shared.endpoint({
  method: 'POST',
  path: '/api/shared/recipes',
  summary: 'Share a recipe by a token that anyone may read it with until it expires (30 days unless given)',
  body: RecipeShareTokenCreate,
  responses: { 201: RecipeShareTokenSummary },
})

export const getShareToken = shared.endpoint({
  method: 'GET',
  path: '/api/shared/recipes/:id',
  summary: 'Read one share token',
  params: itemId,
  responses: { 200: RecipeShareTokenSummary },
})

export const deleteShareToken = shared.endpoint({
  method: 'DELETE',
  path: '/api/shared/recipes/:id',
  summary: 'Revoke a share token',
  params: itemId,
  responses: { 200: null },
})

export const getSharedRecipe = shared.endpoint({
  method: 'GET',
  path: '/api/recipes/shared/:token',
  summary: 'Read a shared recipe by its token, without signing in',
  tags: ['Recipe: CRUD'],
  auth: 'public',
  params: z.object({ token: z.uuid({ message: 'Not a valid share token' }) }),
  responses: { 200: Recipe },
})

// ——— Household recipe data

export const getHouseholdRecipe = household.endpoint({
  method: 'GET',
  path: '/api/households/self/recipes/:slug',
  summary: "The caller's household's data of one recipe: when it last made it",
  params: z.object({ slug: recipeKey }),
  responses: { 200: HouseholdRecipeSummary },
})

export const recipeActivityEndpoints = [
  listOwnRatings,
  getOwnRating,
  listOwnFavorites,
  listUserRatings,
  listUserFavorites,
  setUserRating,
  addUserFavorite,
  removeUserFavorite,
  listComments,
  createComment,
  getComment,
  updateComment,
  deleteComment,
  listRecipeComments,
  listTimelineEvents,
  createTimelineEvent,
  getTimelineEvent,
  updateTimelineEvent,
  deleteTimelineEvent,
  uploadTimelineEventImage,
  listShareTokens,
  createShareToken,
  getShareToken,
  deleteShareToken,
  getSharedRecipe,
  getHouseholdRecipe,
] as const
