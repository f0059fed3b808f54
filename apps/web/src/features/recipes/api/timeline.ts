import {
  createTimelineEvent,
  deleteTimelineEvent,
  listTimelineEvents,
  uploadTimelineEventImage,
  type RecipeTimelineEvent,
} from '@larder/contracts'
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'

const timelinePageSize = 10
/**
 * The timeline's queries, one factory for its two readers: a recipe's events (its page) and the group's (the timeline
 * page, features/recipe-pages). A change to any event makes both stale.
 */
export const timelineKeys = {
  all: ['timeline'] as const,
  recipe: (recipeId: string) => [...timelineKeys.all, 'recipe', recipeId] as const,
  group: (groupId: string, types: readonly string[]) =>
    [...timelineKeys.all, 'group', groupId, [...types].sort()] as const,
}

/** The recipe's timeline, newest first, a page at a time. */
export const recipeTimelineQuery = (recipeId: string) =>
  infiniteQueryOptions({
    queryKey: timelineKeys.recipe(recipeId),
    queryFn: async ({ pageParam }) =>
      await call(listTimelineEvents, {
        query: {
          page: pageParam,
          perPage: timelinePageSize,
          orderBy: 'timestamp',
          orderDirection: 'desc',
          queryFilter: `recipe_id = "${recipeId}"`,
        },
        notify: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  })

export function useRecipeTimeline(recipeId: string) {
  return useInfiniteQuery(recipeTimelineQuery(recipeId))
}

/** A timeline picture's address (the event id keeps it apart from the recipe's own picture). */
export function timelineImageUrl(event: Pick<RecipeTimelineEvent, 'id' | 'recipeId' | 'updatedAt'>) {
  return `/api/media/recipes/${encodeURIComponent(event.recipeId)}/images/timeline/${encodeURIComponent(event.id)}/min-original.webp?version=${encodeURIComponent(event.updatedAt)}`
}

export interface MadeItEvent {
  recipeId: string
  when: Date
  note: string
  photo: File | null
  /** The event an earlier try already created, when only its photo failed: that try's photo is sent again. */
  savedEventId?: string
}

/** The event was saved but its photo was not: trying again sends only the photo (no second event). */
export class PhotoUploadError extends Error {
  override readonly name = 'PhotoUploadError'
  constructor(
    readonly eventId: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

/** The file's extension as the upload names it ("jpg" for photo.JPG); the server checks the content anyway. */
function extensionOf(file: File) {
  const dot = file.name.lastIndexOf('.')
  return dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : (file.type.split('/')[1] ?? 'jpg')
}

/** Adds a "Made it" event to the recipe's timeline, then its photo when one was chosen. */
export function useCreateMadeItEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ recipeId, when, note, photo, savedEventId }: MadeItEvent) => {
      const eventId =
        savedEventId ??
        (
          await call(createTimelineEvent, {
            body: {
              recipeId,
              subject: 'Made it',
              eventType: 'info',
              ...(note.trim() ? { eventMessage: note.trim() } : {}),
              timestamp: when.toISOString(),
            },
            notify: false,
          })
        ).id
      if (photo) {
        try {
          await call(uploadTimelineEventImage, {
            params: { id: eventId },
            body: { image: photo, extension: extensionOf(photo) } as never,
            notify: false,
          })
        } catch (error) {
          throw new PhotoUploadError(eventId, error)
        }
      }
      return eventId
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: timelineKeys.all }),
  })
}

export function useDeleteTimelineEvent(recipeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(deleteTimelineEvent, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKeys.recipe(recipeId) }),
  })
}
