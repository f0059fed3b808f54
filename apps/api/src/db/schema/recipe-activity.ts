import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { primaryId, timestamps } from './columns.js'
import { groups } from './groups.js'
import { recipes } from './recipes.js'
import { users } from './users.js'

/** A user's rating and favourite flag for one recipe (docs/mealie-compatibility.md "Favorites and ratings"): one row per user and recipe. */
export const recipeRatings = pgTable(
  'user_recipe_ratings',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    rating: doublePrecision('rating'),
    isFavorite: boolean('is_favorite').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('user_recipe_ratings_user_recipe_key').on(table.userId, table.recipeId),
    index('user_recipe_ratings_recipe_id_idx').on(table.recipeId),
    // The recipes a user rated (a rating of 0 is a favourite without stars), by rating: what a recipe list reads
    // for its caller's own ratings (list-spec.ts), from the index alone.
    index('user_recipe_ratings_user_rated_idx')
      .on(table.userId, table.rating, table.recipeId)
      .where(sql`${table.rating} > 0`),
  ],
)

export const recipeComments = pgTable(
  'recipe_comments',
  {
    id: primaryId(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    ...timestamps,
  },
  (table) => [
    index('recipe_comments_recipe_id_idx').on(table.recipeId, table.createdAt),
    index('recipe_comments_user_id_idx').on(table.userId),
  ],
)

export const timelineEventType = pgEnum('timeline_event_type', ['system', 'info', 'comment'])

/** docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models" RecipeTimelineEvent; group and household are the recipe's, read through it. */
export const recipeTimelineEvents = pgTable(
  'recipe_timeline_events',
  {
    id: primaryId(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    eventType: timelineEventType('event_type').notNull(),
    eventMessage: text('event_message'),
    /** "has image" once a picture was uploaded for the event (served under the recipe's media). */
    image: text('image').notNull().default('does not have image'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    index('recipe_timeline_events_recipe_id_idx').on(table.recipeId, table.timestamp),
    index('recipe_timeline_events_timestamp_idx').on(table.timestamp),
  ],
)

/** A share token is its own id (docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"): whoever holds it reads the recipe until it expires. */
export const recipeShareTokens = pgTable(
  'recipe_share_tokens',
  {
    id: primaryId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('recipe_share_tokens_group_id_idx').on(table.groupId),
    index('recipe_share_tokens_recipe_id_idx').on(table.recipeId),
  ],
)
