import {
  createMealplan,
  createMealplanRule,
  deleteMealplan,
  deleteMealplanRule,
  fillMealplans,
  getMealplanCalendar,
  getMealplanSettings,
  listMealplanRules,
  listMealplans,
  resetMealplanCalendar,
  suggestMealplan,
  updateMealplan,
  updateMealplanRule,
  updateMealplanSettings,
  type CreatePlanEntry,
  type FillPlanRequest,
  type PlanRulesCreate,
  type PlanSuggestionRequest,
  type ReadPlanEntry,
  type UpdateMealPlanSettings,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem, type Paginated } from '@/components/paginated'

/**
 * The planner's query keys. Their root, `mealplans`, is the one `mealplan-entry.*` live events make stale
 * (api/live.ts), so another member's change shows here without a reload.
 */
export const mealplanKeys = {
  all: ['mealplans'] as const,
  entries: () => [...mealplanKeys.all, 'entries'] as const,
  range: (start: string, end: string) => [...mealplanKeys.entries(), start, end] as const,
  rules: () => [...mealplanKeys.all, 'rules'] as const,
  settings: () => [...mealplanKeys.all, 'settings'] as const,
  calendar: () => [...mealplanKeys.all, 'calendar'] as const,
}

/** The household's entries from `start` to `end`, both included, by date. */
export const planRangeQuery = (start: string, end: string) =>
  queryOptions({
    queryKey: mealplanKeys.range(start, end),
    queryFn: async () =>
      (await call(listMealplans, {
        query: { ...everyItem, start_date: start, end_date: end, orderBy: 'date', orderDirection: 'asc' },
      })) as Paginated<ReadPlanEntry>,
  })

export function usePlanRange(start: string, end: string) {
  return useQuery(planRangeQuery(start, end))
}

export const planRulesQuery = queryOptions({
  queryKey: mealplanKeys.rules(),
  queryFn: () => call(listMealplanRules, { query: everyItem }),
})

export function usePlanRules() {
  return useQuery(planRulesQuery)
}

export const planSettingsQuery = queryOptions({
  queryKey: mealplanKeys.settings(),
  queryFn: () => call(getMealplanSettings),
})

export function usePlanSettings() {
  return useQuery(planSettingsQuery)
}

export const planCalendarQuery = queryOptions({
  queryKey: mealplanKeys.calendar(),
  queryFn: () => call(getMealplanCalendar),
})

export function usePlanCalendar() {
  return useQuery(planCalendarQuery)
}

/** The fields an entry is planned with: what a deleted entry is planned again with ("Undo"). */
export function plannedFields(entry: ReadPlanEntry): CreatePlanEntry {
  return {
    date: entry.date,
    entryType: entry.entryType,
    title: entry.title,
    text: entry.text,
    recipeId: entry.recipeId,
    locked: entry.locked,
    servings: entry.servings,
  }
}

function useRefreshEntries() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: mealplanKeys.entries() })
}

/** Plans a recipe or a note. */
export function useCreateEntry() {
  const refresh = useRefreshEntries()
  return useMutation({
    mutationFn: (entry: CreatePlanEntry) => call(createMealplan, { body: entry }),
    onSettled: refresh,
  })
}

/**
 * Changes an entry (its day, meal type or lock): the week shows the change at once and goes back to the server's
 * when the save fails (the client has shown why).
 */
export function useChangeEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ entry, change }: { entry: ReadPlanEntry; change: Partial<CreatePlanEntry> }) =>
      call(updateMealplan, {
        params: { id: entry.id },
        body: { ...plannedFields(entry), ...change, id: entry.id, groupId: entry.groupId, userId: entry.userId },
      }),
    onMutate: async ({ entry, change }) => {
      await queryClient.cancelQueries({ queryKey: mealplanKeys.entries() })
      const previous = queryClient.getQueriesData<Paginated<ReadPlanEntry>>({ queryKey: mealplanKeys.entries() })
      queryClient.setQueriesData<Paginated<ReadPlanEntry>>({ queryKey: mealplanKeys.entries() }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.id === entry.id ? ({ ...item, ...change } as ReadPlanEntry) : item,
              ),
            }
          : page,
      )
      return { previous }
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mealplanKeys.entries() }),
  })
}

/** Deletes an entry; the week drops it at once. Answers the entry as it was, for "Undo". */
export function useDeleteEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (entry: ReadPlanEntry) => call(deleteMealplan, { params: { id: entry.id } }),
    onMutate: async (entry) => {
      await queryClient.cancelQueries({ queryKey: mealplanKeys.entries() })
      const previous = queryClient.getQueriesData<Paginated<ReadPlanEntry>>({ queryKey: mealplanKeys.entries() })
      queryClient.setQueriesData<Paginated<ReadPlanEntry>>({ queryKey: mealplanKeys.entries() }, (page) =>
        page ? { ...page, items: page.items.filter((item) => item.id !== entry.id) } : page,
      )
      return { previous }
    },
    onError: (_error, _entry, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mealplanKeys.entries() }),
  })
}

/**
 * A recipe the rules propose for a slot, without planning it. Quiet: when nothing is left (404) the dialog shows the
 * server's message, which names the rule.
 */
export function useSuggestion() {
  return useMutation({
    mutationFn: (request: PlanSuggestionRequest) => call(suggestMealplan, { body: request, notify: false }),
  })
}

/** Fills a range's empty slots by the rules; the answer says which slots stayed empty and why. */
export function useFillPlan() {
  const refresh = useRefreshEntries()
  return useMutation({
    mutationFn: (request: FillPlanRequest) => call(fillMealplans, { body: request }),
    onSettled: refresh,
  })
}

/** Creates a rule, or replaces the one with `id`. A 422 is kept for the dialog, not notified. */
export function useSaveRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PlanRulesCreate }) =>
      id
        ? call(updateMealplanRule, { params: { id }, body, notify: false })
        : call(createMealplanRule, { body, notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealplanKeys.rules() }),
  })
}

export function useDeleteRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(deleteMealplanRule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealplanKeys.rules() }),
  })
}

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: UpdateMealPlanSettings) => call(updateMealplanSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(mealplanKeys.settings(), saved),
  })
}

/** Gives the calendar feed a new address; the old one stops working. */
export function useResetCalendar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(resetMealplanCalendar),
    onSuccess: (calendar) => queryClient.setQueryData(mealplanKeys.calendar(), calendar),
  })
}
