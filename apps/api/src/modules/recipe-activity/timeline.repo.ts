import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipes, recipeTimelineEvents } from '../../db/schema/index.js'
import { paginate, type ListQuery } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { timelineEventListSpec } from './list-spec.js'

const eventColumns = {
  id: recipeTimelineEvents.id,
  recipeId: recipeTimelineEvents.recipeId,
  userId: recipeTimelineEvents.userId,
  subject: recipeTimelineEvents.subject,
  eventType: recipeTimelineEvents.eventType,
  eventMessage: recipeTimelineEvents.eventMessage,
  image: recipeTimelineEvents.image,
  timestamp: recipeTimelineEvents.timestamp,
  createdAt: recipeTimelineEvents.createdAt,
  updatedAt: recipeTimelineEvents.updatedAt,
  recipe: {
    id: recipes.id,
    name: recipes.name,
    slug: recipes.slug,
    groupId: recipes.groupId,
    householdId: recipes.householdId,
    userId: recipes.userId,
  },
}

/** Events belong to the group of their recipe: every read joins the recipe within the scope's group. */
const selectEvents = (ex: Executor, scope: Scope) =>
  ex
    .select(eventColumns)
    .from(recipeTimelineEvents)
    .innerJoin(recipes, and(eq(recipes.id, recipeTimelineEvents.recipeId), eq(recipes.groupId, scope.groupId)))

export type TimelineEventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number]

/** The event's recipe is one of the scope's group. */
const inGroupOf = (ex: Executor, scope: Scope) =>
  inArray(
    recipeTimelineEvents.recipeId,
    ex.select({ id: recipes.id }).from(recipes).where(eq(recipes.groupId, scope.groupId)),
  )

export type NewTimelineEvent = Pick<
  typeof recipeTimelineEvents.$inferInsert,
  'recipeId' | 'userId' | 'subject' | 'eventType' | 'eventMessage' | 'image' | 'timestamp'
>
export type TimelineEventChanges = Partial<Pick<NewTimelineEvent, 'subject' | 'eventMessage' | 'image'>>

export const timelineRepo = {
  async find(ex: Executor, scope: Scope, eventId: string): Promise<TimelineEventRow | null> {
    const [row] = await selectEvents(ex, scope).where(eq(recipeTimelineEvents.id, eventId)).limit(1)
    return row ?? null
  },

  page(ex: Executor, scope: Scope, query: ListQuery) {
    return paginate(ex, timelineEventListSpec, query, {
      scope: inGroupOf(ex, scope),
      path: '/recipes/timeline/events',
      select: (ids) => selectEvents(ex, scope).where(inArray(recipeTimelineEvents.id, ids as string[])),
    })
  },

  /** Inserts an event on a recipe (and by a user) already known to be of the scope's group. */
  async insert(ex: Executor, event: NewTimelineEvent): Promise<string> {
    const [row] = await ex.insert(recipeTimelineEvents).values(event).returning({ id: recipeTimelineEvents.id })
    return row!.id
  },

  async update(ex: Executor, scope: Scope, eventId: string, changes: TimelineEventChanges): Promise<void> {
    await ex
      .update(recipeTimelineEvents)
      .set(changes)
      .where(and(eq(recipeTimelineEvents.id, eventId), inGroupOf(ex, scope)))
  },

  /** The user's events that carry a picture, with their recipe: where their image folders are. */
  async withImagesByUser(ex: Executor, userId: string): Promise<{ id: string; recipeId: string }[]> {
    return ex
      .select({ id: recipeTimelineEvents.id, recipeId: recipeTimelineEvents.recipeId })
      .from(recipeTimelineEvents)
      .where(and(eq(recipeTimelineEvents.userId, userId), eq(recipeTimelineEvents.image, 'has image')))
  },

  async delete(ex: Executor, scope: Scope, eventId: string): Promise<void> {
    await ex.delete(recipeTimelineEvents).where(and(eq(recipeTimelineEvents.id, eventId), inGroupOf(ex, scope)))
  },
}

export type TimelineRepo = typeof timelineRepo
