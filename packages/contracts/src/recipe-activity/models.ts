import { z } from 'zod'

// ——— Ratings and favourites (docs/mealie-compatibility.md "Favorites and ratings")

/** One of the caller's own ratings: `GET /api/users/self/ratings` and `…/self/favorites`. */
export const UserRatingSummary = z
  .object({ recipeId: z.uuid(), rating: z.number().nullable(), isFavorite: z.boolean() })
  .meta({ id: 'UserRatingSummary' })
export type UserRatingSummary = z.infer<typeof UserRatingSummary>

/** A rating read through `/api/users/{id}/…`, which also names its row and its user. */
export const UserRatingOut = UserRatingSummary.extend({ userId: z.uuid(), id: z.uuid() }).meta({ id: 'UserRatingOut' })
export type UserRatingOut = z.infer<typeof UserRatingOut>

export const UserRatingsSummary = z.object({ ratings: z.array(UserRatingSummary) }).meta({ id: 'UserRatingsSummary' })
export const UserRatingsOut = z.object({ ratings: z.array(UserRatingOut) }).meta({ id: 'UserRatingsOut' })

/**
 * `POST /api/users/{id}/ratings/{slug}`: only the fields given change (a first call creates the row). Whole stars 1–5
 * in the web client, 0 to clear; anything outside 0–5 is refused.
 */
export const UserRatingUpdate = z
  .object({
    rating: z.number().min(0).max(5).nullable().optional(),
    isFavorite: z.boolean().nullable().optional(),
  })
  .meta({ id: 'UserRatingUpdate' })
export type UserRatingUpdate = z.infer<typeof UserRatingUpdate>

// ——— Comments (docs/mealie-compatibility.md "Comments", docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"); the answer is RecipeCommentOut of the recipe models.

const commentText = z.string().trim().min(1, 'A comment needs some text').max(10_000)

export const RecipeCommentCreate = z
  .object({ recipeId: z.uuid(), text: commentText })
  .meta({ id: 'RecipeCommentCreate' })
export type RecipeCommentCreate = z.infer<typeof RecipeCommentCreate>

/** Mealie's clients send the id back with the text; the path names the comment, so the body's id is not needed. */
export const RecipeCommentUpdate = z
  .object({ id: z.uuid().optional(), text: commentText })
  .meta({ id: 'RecipeCommentUpdate' })
export type RecipeCommentUpdate = z.infer<typeof RecipeCommentUpdate>

// ——— Timeline events (docs/mealie-compatibility.md "Timeline events", docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models")

export const TimelineEventType = z.enum(['system', 'info', 'comment']).meta({ id: 'TimelineEventType' })
export const TimelineEventImage = z.enum(['has image', 'does not have image']).meta({ id: 'TimelineEventImage' })

/**
 * The recipe an event belongs to, shown with each event so that the group timeline can name it and so that lists may
 * filter on `recipe.slug`, `recipe.group_id` or `recipe.user.id` (the timeline example of docs/mealie-compatibility.md "Query filters") — Larder lists filter
 * only on what they show. Mealie's answer has no such field; its clients ignore it.
 */
export const TimelineEventRecipe = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    userId: z.uuid(),
  })
  .meta({ id: 'RecipeTimelineEventRecipe' })

export const RecipeTimelineEvent = z
  .object({
    id: z.uuid(),
    recipeId: z.uuid(),
    userId: z.uuid(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    subject: z.string(),
    eventType: TimelineEventType,
    eventMessage: z.string().nullable(),
    image: TimelineEventImage.nullable(),
    timestamp: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    recipe: TimelineEventRecipe,
  })
  .meta({ id: 'RecipeTimelineEventOut' })
export type RecipeTimelineEvent = z.infer<typeof RecipeTimelineEvent>

const eventSubject = z.string().trim().min(1, 'An event needs a subject').max(500)
const eventMessage = z.string().max(10_000).nullable().optional()
const timestampInput = z.iso.datetime({ offset: true, local: true })

/** `message` is accepted for `eventMessage` (docs/mealie-compatibility.md "Timeline events"); `userId` defaults to the caller. */
export const RecipeTimelineEventCreate = z
  .object({
    recipeId: z.uuid(),
    userId: z.uuid().optional(),
    subject: eventSubject,
    eventType: TimelineEventType,
    eventMessage,
    message: eventMessage,
    image: TimelineEventImage.nullable().optional(),
    timestamp: timestampInput.optional(),
  })
  .meta({ id: 'RecipeTimelineEventIn' })
export type RecipeTimelineEventCreate = z.infer<typeof RecipeTimelineEventCreate>

export const RecipeTimelineEventUpdate = z
  .object({
    subject: eventSubject,
    eventMessage,
    message: eventMessage,
    image: TimelineEventImage.nullable().optional(),
  })
  .meta({ id: 'RecipeTimelineEventUpdate' })
export type RecipeTimelineEventUpdate = z.infer<typeof RecipeTimelineEventUpdate>

export const TimelineEventImageAnswer = z.object({ image: TimelineEventImage }).meta({ id: 'UpdateImageResponse' })

// ——— Share tokens (docs/mealie-compatibility.md "Share tokens", docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"): the token is the row's id.

export const RecipeShareTokenSummary = z
  .object({
    recipeId: z.uuid(),
    expiresAt: z.string(),
    groupId: z.uuid(),
    id: z.uuid(),
    createdAt: z.string(),
  })
  .meta({ id: 'RecipeShareTokenSummary' })
export type RecipeShareTokenSummary = z.infer<typeof RecipeShareTokenSummary>

export const RecipeShareTokenCreate = z
  .object({ recipeId: z.uuid(), expiresAt: timestampInput.optional() })
  .meta({ id: 'RecipeShareTokenCreate' })
export type RecipeShareTokenCreate = z.infer<typeof RecipeShareTokenCreate>

// ——— Household recipe data (docs/mealie-compatibility.md "Household recipe data")

export const HouseholdRecipeSummary = z
  .object({ recipeId: z.uuid(), lastMade: z.string().nullable() })
  .meta({ id: 'HouseholdRecipeSummary' })
export type HouseholdRecipeSummary = z.infer<typeof HouseholdRecipeSummary>
