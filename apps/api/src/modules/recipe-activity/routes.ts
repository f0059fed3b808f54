import {
  addUserFavorite,
  createComment,
  createShareToken,
  createTimelineEvent,
  deleteComment,
  deleteShareToken,
  deleteTimelineEvent,
  getComment,
  getHouseholdRecipe,
  getOwnRating,
  getShareToken,
  getSharedRecipe,
  getTimelineEvent,
  listComments,
  listOwnFavorites,
  listOwnRatings,
  listRecipeComments,
  listShareTokens,
  listTimelineEvents,
  listUserFavorites,
  listUserRatings,
  removeUserFavorite,
  setUserRating,
  updateComment,
  updateTimelineEvent,
  uploadTimelineEventImage,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { readUploadForm } from '../../http/upload-form.js'
import type { CommentService } from './comments.service.js'
import type { HouseholdRecipeService } from './household-recipes.service.js'
import type { RatingService } from './ratings.service.js'
import type { ShareTokenService } from './share-tokens.service.js'
import type { TimelineService } from './timeline.service.js'

export interface RecipeActivityServices {
  ratings: RatingService
  comments: CommentService
  timeline: TimelineService
  shareTokens: ShareTokenService
  householdRecipes: HouseholdRecipeService
}

export function registerRecipeActivityRoutes(app: FastifyInstance, services: RecipeActivityServices): void {
  const { ratings, comments, timeline, shareTokens, householdRecipes } = services

  registerEndpoint(app, listOwnRatings, ({ caller }) => ratings.listOwn(caller, false))
  registerEndpoint(app, getOwnRating, ({ caller, params }) => ratings.getOwn(caller, params.recipeId))
  registerEndpoint(app, listOwnFavorites, ({ caller }) => ratings.listOwn(caller, true))
  registerEndpoint(app, listUserRatings, ({ caller, params }) => ratings.listOfUser(caller, params.id, false))
  registerEndpoint(app, listUserFavorites, ({ caller, params }) => ratings.listOfUser(caller, params.id, true))
  registerEndpoint(app, setUserRating, async ({ caller, params, body }) => {
    await ratings.rate(caller, params.id, params.slug, body)
    return null
  })
  registerEndpoint(app, addUserFavorite, async ({ caller, params }) => {
    await ratings.setFavorite(caller, params.id, params.slug, true)
    return null
  })
  registerEndpoint(app, removeUserFavorite, async ({ caller, params }) => {
    await ratings.setFavorite(caller, params.id, params.slug, false)
    return null
  })

  registerEndpoint(app, listComments, ({ caller, query }) => comments.page(caller, query))
  registerEndpoint(app, createComment, ({ caller, body }) => comments.create(caller, body.recipeId, body.text))
  registerEndpoint(app, getComment, ({ caller, params }) => comments.read(caller, params.id))
  registerEndpoint(app, updateComment, ({ caller, params, body }) => comments.update(caller, params.id, body.text))
  registerEndpoint(app, deleteComment, async ({ caller, params }) => {
    await comments.delete(caller, params.id)
    return { message: 'Comment deleted', error: false as const }
  })
  registerEndpoint(app, listRecipeComments, ({ caller, params }) => comments.listOfRecipe(caller, params.slug))

  registerEndpoint(app, listTimelineEvents, ({ caller, query }) => timeline.page(caller, query))
  registerEndpoint(app, createTimelineEvent, ({ caller, body }) => timeline.create(caller, body))
  registerEndpoint(app, getTimelineEvent, ({ caller, params }) => timeline.read(caller, params.id))
  registerEndpoint(app, updateTimelineEvent, ({ caller, params, body }) => timeline.update(caller, params.id, body))
  registerEndpoint(app, deleteTimelineEvent, ({ caller, params }) => timeline.delete(caller, params.id))
  registerEndpoint(app, uploadTimelineEventImage, async ({ caller, params, request }) => {
    // The whole body is read first, so a malformed one answers 400 whatever the event.
    const { file } = await readUploadForm(request, 'image', timeline.maximumEventImageBytes, 'picture')
    return timeline.attachImage(caller, params.id, file)
  })

  registerEndpoint(app, listShareTokens, ({ caller, query }) => shareTokens.list(caller, query.recipe_id))
  registerEndpoint(app, createShareToken, ({ caller, body }) => shareTokens.create(caller, body))
  registerEndpoint(app, getShareToken, ({ caller, params }) => shareTokens.read(caller, params.id))
  registerEndpoint(app, getSharedRecipe, ({ params }) => shareTokens.readSharedRecipe(params.token))
  registerEndpoint(app, deleteShareToken, async ({ caller, params }) => {
    await shareTokens.delete(caller, params.id)
    return null
  })

  registerEndpoint(app, getHouseholdRecipe, ({ caller, params }) => householdRecipes.read(caller, params.slug))
}
