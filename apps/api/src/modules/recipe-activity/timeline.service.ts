import fs from 'node:fs/promises'
import type {
  PaginationQuery,
  RecipeTimelineEvent,
  RecipeTimelineEventCreate,
  RecipeTimelineEventUpdate,
} from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Caller } from '../../http/authentication.js'
import { HttpError, notFound } from '../../http/errors.js'
import { ImageQueueFull, maximumInputPixels, UnreadableImage } from '../../lib/images.js'
import { recipeTimelineImagesDirectory } from '../../lib/media-paths.js'
import { maximumRecipeImageBytes, storeRecipeImage } from '../../lib/recipe-images.js'
import type { Access } from '../access/index.js'
import type { GroupRecipeRepo } from './group-recipes.repo.js'
import type { TimelineEventRow, TimelineRepo } from './timeline.repo.js'

export function timelineEventOf(row: TimelineEventRow): RecipeTimelineEvent {
  return {
    id: row.id,
    recipeId: row.recipeId,
    userId: row.userId,
    groupId: row.recipe.groupId,
    householdId: row.recipe.householdId,
    subject: row.subject,
    eventType: row.eventType,
    eventMessage: row.eventMessage,
    image: row.image === 'has image' ? 'has image' : 'does not have image',
    timestamp: row.timestamp.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    recipe: row.recipe,
  }
}

/** Image work answers in the terms of an upload: too big, unreadable, or come back shortly. */
function imageFailure(error: unknown): HttpError {
  if (error instanceof ImageQueueFull) {
    return new HttpError(503, 'Larder is busy with other pictures. Try again in a few seconds.', { 'retry-after': '5' })
  }
  if (error instanceof UnreadableImage && error.tooLarge) {
    return new HttpError(413, `This picture is too large: at most ${maximumInputPixels / 1_000_000} megapixels`)
  }
  return new HttpError(415, 'This file is not an image Larder can read')
}

/**
 * Timeline events of the group's recipes (docs/mealie-compatibility.md "Timeline events"): any member of the group adds, changes and deletes them
 * (no owner check, as Mealie). An event is by the caller unless an administrator names another member.
 */
export function createTimelineService(deps: {
  db: Database
  events: TimelineRepo
  groupRecipes: GroupRecipeRepo
  access: Access
  dataDirectory: string
}) {
  const { db, events, groupRecipes, access, dataDirectory } = deps

  async function read(caller: Caller, eventId: string, ex: Executor = db): Promise<RecipeTimelineEvent> {
    const row = await events.find(ex, caller, eventId)
    if (!row) throw notFound('Timeline event not found')
    return timelineEventOf(row)
  }

  /** Announces a change of a timeline event in its transaction; the recipe's household owns it. */
  const announce = (
    tx: Executor,
    caller: Caller,
    type: 'recipe-timeline-event.created' | 'recipe-timeline-event.updated' | 'recipe-timeline-event.deleted',
    event: RecipeTimelineEvent,
  ) =>
    publish(tx, caller, {
      type,
      householdId: event.householdId,
      document: { recipeId: event.recipeId, recipeSlug: event.recipe.slug, timelineEventId: event.id },
    })

  return {
    maximumEventImageBytes: maximumRecipeImageBytes,
    read,

    async page(caller: Caller, query: PaginationQuery) {
      const page = await events.page(db, caller, query)
      return { ...page, items: page.items.map(timelineEventOf) }
    },

    async create(caller: Caller, event: RecipeTimelineEventCreate): Promise<RecipeTimelineEvent> {
      const userId = event.userId ?? caller.userId
      if (userId !== caller.userId) {
        const [user] = await access.requireActingForUsers(db, caller, [userId], 'You may only post events as yourself')
        if (user!.groupId !== caller.groupId) throw notFound('User not found')
      }
      const recipe = await groupRecipes.findRecipeInGroup(db, caller, event.recipeId)
      if (!recipe) throw notFound('Recipe not found')
      return inTransaction(db, async (tx) => {
        const id = await events.insert(tx, {
          recipeId: recipe.id,
          userId,
          subject: event.subject,
          eventType: event.eventType,
          eventMessage: event.eventMessage ?? event.message ?? null,
          image: event.image ?? 'does not have image',
          // Mealie froze the default at server start; "now" is what its clients mean.
          timestamp: event.timestamp ? new Date(event.timestamp) : new Date(),
        })
        const created = await read(caller, id, tx)
        await announce(tx, caller, 'recipe-timeline-event.created', created)
        return created
      })
    },

    /** Only the fields given change (Mealie merges the update into the event). */
    async update(caller: Caller, eventId: string, change: RecipeTimelineEventUpdate): Promise<RecipeTimelineEvent> {
      return inTransaction(db, async (tx) => {
        await read(caller, eventId, tx)
        const eventMessage = change.eventMessage ?? change.message
        await events.update(tx, caller, eventId, {
          subject: change.subject,
          ...(eventMessage === undefined ? {} : { eventMessage }),
          ...(change.image === undefined || change.image === null ? {} : { image: change.image }),
        })
        const updated = await read(caller, eventId, tx)
        await announce(tx, caller, 'recipe-timeline-event.updated', updated)
        return updated
      })
    },

    async delete(caller: Caller, eventId: string): Promise<RecipeTimelineEvent> {
      const event = await inTransaction(db, async (tx) => {
        const deleted = await read(caller, eventId, tx)
        await events.delete(tx, caller, eventId)
        await announce(tx, caller, 'recipe-timeline-event.deleted', deleted)
        return deleted
      })
      await fs.rm(recipeTimelineImagesDirectory(dataDirectory, event.recipeId, event.id), {
        recursive: true,
        force: true,
      })
      return event
    },

    /**
     * Stores the picture as a recipe's is stored (original, min and tiny WebP, EXIF orientation applied, metadata
     * dropped) in the event's folder under the recipe's media, through the one image queue; then flags the event.
     */
    async attachImage(caller: Caller, eventId: string, image: Buffer): Promise<{ image: 'has image' }> {
      const event = await read(caller, eventId)
      const directory = recipeTimelineImagesDirectory(dataDirectory, event.recipeId, event.id)
      await storeRecipeImage(image, directory).catch((error: unknown) => {
        throw imageFailure(error)
      })
      await events.update(db, caller, eventId, { image: 'has image' })
      return { image: 'has image' }
    },
  }
}

export type TimelineService = ReturnType<typeof createTimelineService>
