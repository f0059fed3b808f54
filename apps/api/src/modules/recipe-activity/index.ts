import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database, Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import { access } from '../access/index.js'
import { commentRepo } from './comments.repo.js'
import { createCommentService } from './comments.service.js'
import { groupRecipeRepo } from './group-recipes.repo.js'
import { createHouseholdRecipeService } from './household-recipes.service.js'
import { ratingRepo } from './ratings.repo.js'
import { createRatingService } from './ratings.service.js'
import { registerRecipeActivityRoutes } from './routes.js'
import { shareTokenRepo } from './share-tokens.repo.js'
import { createShareTokenService } from './share-tokens.service.js'
import { timelineRepo } from './timeline.repo.js'
import { createTimelineService } from './timeline.service.js'
import { createUserDepartureService } from './user-departure.service.js'

export type { CommentService } from './comments.service.js'
export type { RatingService } from './ratings.service.js'
export type { ShareTokenService } from './share-tokens.service.js'
export type { TimelineService } from './timeline.service.js'
export type { UserDepartureService } from './user-departure.service.js'

/**
 * The caller's own rating of a recipe they are importing, with the recipe's average, inside the import's transaction
 * (Mealie keeps a migrated recipe's rating as the importing user's, docs/mealie-compatibility.md "Migration pipeline").
 */
export async function rateImportedRecipe(ex: Executor, scope: Scope, recipeId: string, rating: number): Promise<void> {
  await ratingRepo.upsert(ex, scope, recipeId, { rating })
  await ratingRepo.recomputeRecipeRating(ex, scope, recipeId)
}

/**
 * What people do with the group's recipes: ratings and favourites, comments, timeline events, share tokens and the
 * household's own "last made". Reads recipes only by slug or id within the caller's group.
 */
export function createRecipeActivityModule(deps: { config: Config; db: Database }) {
  const { db } = deps
  const groupRecipes = groupRecipeRepo
  const services = {
    ratings: createRatingService({ db, ratings: ratingRepo, groupRecipes, access }),
    comments: createCommentService({ db, comments: commentRepo, groupRecipes, access }),
    timeline: createTimelineService({
      db,
      events: timelineRepo,
      groupRecipes,
      access,
      dataDirectory: deps.config.dataDirectory,
    }),
    shareTokens: createShareTokenService({ db, tokens: shareTokenRepo, groupRecipes }),
    householdRecipes: createHouseholdRecipeService({ db, groupRecipes }),
  }
  return {
    ...services,
    departures: createUserDepartureService({
      ratings: ratingRepo,
      events: timelineRepo,
      dataDirectory: deps.config.dataDirectory,
    }),
    registerRoutes: (app: FastifyInstance) => registerRecipeActivityRoutes(app, services),
  }
}

export type RecipeActivityModule = ReturnType<typeof createRecipeActivityModule>
