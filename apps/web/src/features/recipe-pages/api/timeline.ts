import { deleteTimelineEvent, listTimelineEvents, type RecipeTimelineEvent } from '@larder/contracts'
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import type {} from '@/components/paginated'
import { timelineKeys } from '@/features/recipes/api/timeline'

export type TimelineEventType = RecipeTimelineEvent['eventType']
export const timelineEventTypes: readonly TimelineEventType[] = ['info', 'system', 'comment']

const perPage = 24

/** The group's timeline filter: its recipes' events, of the chosen types when some are chosen. */
export function timelineFilter(groupId: string, types: readonly TimelineEventType[]): string {
  const group = `recipe.group_id = "${groupId}"`
  if (types.length === 0 || types.length === timelineEventTypes.length) return group
  return `${group} AND event_type IN [${types.map((type) => `"${type}"`).join(', ')}]`
}

/** The group's events, newest first, page after page. */
export const timelineQuery = (groupId: string, types: readonly TimelineEventType[] = []) =>
  infiniteQueryOptions({
    queryKey: timelineKeys.group(groupId, types),
    queryFn: async ({ pageParam }) =>
      await call(listTimelineEvents, {
        query: {
          page: pageParam,
          perPage,
          orderBy: 'timestamp',
          orderDirection: 'desc',
          queryFilter: timelineFilter(groupId, types),
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  })

export function useTimeline(groupId: string, types: readonly TimelineEventType[]) {
  return useInfiniteQuery({ ...timelineQuery(groupId, types), enabled: groupId !== '' })
}

export function useDeleteTimelineEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (event: RecipeTimelineEvent) => call(deleteTimelineEvent, { params: { id: event.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKeys.all }),
  })
}

/** The picture of an event that has one (the small rendition). */
export function timelineImageUrl(event: RecipeTimelineEvent): string {
  return `/api/media/recipes/${event.recipeId}/images/timeline/${event.id}/min-original.webp`
}
