import { z } from 'zod'
import { endpoint, endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

export const getUserImage = endpoint({
  method: 'GET',
  path: '/api/media/users/:id/:fileName',
  summary: "A user's profile picture (image/webp)",
  tags: ['Media'],
  auth: 'public',
  params: z.object({ id: z.string().max(64), fileName: z.string().max(100) }),
  responses: { 200: null, 404: ErrorResponse },
})

/** The three sizes of a recipe's (or a timeline event's) picture; any other name is a 422, as in Mealie. */
export const RecipeImageFileName = z.enum(['original.webp', 'min-original.webp', 'tiny-original.webp'])

/**
 * Cache busters Mealie's clients append (`?rnd=…&version=<recipe.image>`): a request that names a version is answered
 * as immutable, since a new picture gets a new key. `token`: a share token of the recipe, which opens a private
 * recipe's media to a reader without an account (the shared recipe page and its link preview add it).
 */
const CacheBusters = z.object({
  version: z.string().max(100).optional(),
  rnd: z.string().max(100).optional(),
  token: z.string().max(100).optional(),
})

/**
 * A public recipe's media are public, as in Mealie (docs/mealie-compatibility.md "Media"); a private recipe's are answered only to
 * a signed-in member of its group (cookie or bearer) or with a share token of it, and are a 404 to anyone else.
 */
const media = endpointGroup({
  tags: ['Media'],
  auth: 'public',
  errors: { 304: null, 404: ErrorResponse },
})

export const getRecipeImage = media.endpoint({
  method: 'GET',
  path: '/api/media/recipes/:id/images/:fileName',
  summary: "A recipe's picture (image/webp) in one of its three sizes",
  params: z.object({ id: z.uuid(), fileName: RecipeImageFileName }),
  query: CacheBusters,
  responses: { 200: null },
})

export const getRecipeTimelineImage = media.endpoint({
  method: 'GET',
  path: '/api/media/recipes/:id/images/timeline/:eventId/:fileName',
  summary: "A timeline event's picture (image/webp) in one of its three sizes",
  params: z.object({ id: z.uuid(), eventId: z.uuid(), fileName: RecipeImageFileName }),
  query: CacheBusters,
  responses: { 200: null },
})

export const getRecipeAsset = media.endpoint({
  method: 'GET',
  path: '/api/media/recipes/:id/assets/:fileName',
  summary: 'A file attached to a recipe; types a browser could run are sent as downloads',
  params: z.object({ id: z.uuid(), fileName: z.string().min(1).max(200) }),
  query: CacheBusters,
  responses: { 200: null },
})

export const mediaEndpoints = [getUserImage, getRecipeImage, getRecipeTimelineImage, getRecipeAsset] as const
