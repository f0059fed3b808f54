import type { QueryClient } from '@tanstack/react-query'
import type { OfflineFeature } from '@/api/offline/OfflineScope'
import { householdKeys, householdPreferencesQuery } from '@/features/households/api/household'
import { mealplanKeys, planRangeQuery, planSettingsQuery } from './api/mealplans'
import { addDays, todayIn, weekStartOf } from './week'

/** The weeks kept on the device from the current one on: this week's meals and next week's, for the shop. */
const keptWeeks = 2

/**
 * The meal plan on the device (issue #32): the planner's weeks open with no network from what was kept, read-only
 * (the planner says so and shows them as its view mode does). Kept with them: the plan's settings (its time zone
 * says which day is today) and the household's preferences (which day a week starts on), without which the planner
 * has no week to show. Every week opened online is kept too, as it was read.
 */
export const mealplansOffline: OfflineFeature = {
  roots: [mealplanKeys.all[0], householdKeys.preferences()],
  // The plan's edits are not queued offline: nothing to declare.
  register: () => Promise.resolve(),
  warm: async (queryClient: QueryClient) => {
    const [settings, preferences] = await Promise.all([
      queryClient.fetchQuery({ ...planSettingsQuery, staleTime: 0 }),
      queryClient.fetchQuery({ ...householdPreferencesQuery, staleTime: 0 }),
    ])
    // The week as the planner asks for it (WeekPlanner: its start by the household's first day, seven days).
    const start = weekStartOf(todayIn(settings.timeZone), preferences.firstDayOfWeek ?? 0)
    await Promise.all(
      Array.from({ length: keptWeeks }, (_, week) => {
        const first = addDays(start, 7 * week)
        return queryClient.prefetchQuery({ ...planRangeQuery(first, addDays(first, 6)), staleTime: 0 })
      }),
    )
  },
}
