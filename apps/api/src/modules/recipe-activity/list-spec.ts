import { RecipeComment, RecipeTimelineEvent } from '@larder/contracts'
import { eq, sql } from 'drizzle-orm'
import { recipeComments, recipes, recipeTimelineEvents, users } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** Comments filter, order and search on what RecipeCommentOut shows (docs/mealie-compatibility.md "Filter and order attributes"): its fields and its author. */
export const commentListSpec = defineListSpec({
  table: recipeComments,
  shows: RecipeComment,
  columns: {
    id: recipeComments.id,
    recipe_id: recipeComments.recipeId,
    user_id: recipeComments.userId,
    text: recipeComments.text,
    created_at: recipeComments.createdAt,
    updated_at: recipeComments.updatedAt,
  },
  relations: {
    recipe: {
      table: recipes,
      on: eq(recipes.id, recipeComments.recipeId),
      many: false,
      columns: { id: recipes.id },
    },
    user: {
      table: users,
      on: eq(users.id, recipeComments.userId),
      many: false,
      columns: { id: users.id, username: users.username, full_name: users.fullName, admin: users.admin },
    },
  },
  search: [recipeComments.text],
})

/**
 * Timeline events (docs/mealie-compatibility.md "Filter and order attributes"): their own fields, the group and household of their recipe, and the recipe's
 * fields that each event shows (`recipe.slug`, `recipe.group_id`, `recipe.user.id`, … as in the timeline example of docs/mealie-compatibility.md "Query filters").
 */
export const timelineEventListSpec = defineListSpec({
  table: recipeTimelineEvents,
  shows: RecipeTimelineEvent,
  columns: {
    id: recipeTimelineEvents.id,
    recipe_id: recipeTimelineEvents.recipeId,
    user_id: recipeTimelineEvents.userId,
    subject: recipeTimelineEvents.subject,
    event_type: recipeTimelineEvents.eventType,
    event_message: recipeTimelineEvents.eventMessage,
    image: recipeTimelineEvents.image,
    timestamp: recipeTimelineEvents.timestamp,
    created_at: recipeTimelineEvents.createdAt,
    updated_at: recipeTimelineEvents.updatedAt,
    // The event's recipe's; reads recipes.group_id / household_id of the event's recipe row.
    group_id: {
      expression: sql`(select ${recipes.groupId} from ${recipes} where ${recipes.id} = ${recipeTimelineEvents.recipeId})`,
      type: 'uuid',
    },
    household_id: {
      expression: sql`(select ${recipes.householdId} from ${recipes} where ${recipes.id} = ${recipeTimelineEvents.recipeId})`,
      type: 'uuid',
    },
  },
  relations: {
    recipe: {
      table: recipes,
      on: eq(recipes.id, recipeTimelineEvents.recipeId),
      many: false,
      columns: {
        id: recipes.id,
        name: recipes.name,
        slug: recipes.slug,
        group_id: recipes.groupId,
        household_id: recipes.householdId,
        user_id: recipes.userId,
      },
      relations: {
        user: {
          // Its own sub-query, apart from the event's `user`: the table appears once on each path.
          table: users,
          on: eq(users.id, recipes.userId),
          many: false,
          columns: { id: users.id },
        },
      },
    },
    user: {
      table: users,
      on: eq(users.id, recipeTimelineEvents.userId),
      many: false,
      columns: { id: users.id },
    },
  },
  search: [recipeTimelineEvents.subject, recipeTimelineEvents.eventMessage],
})
