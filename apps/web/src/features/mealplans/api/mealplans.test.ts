import { describe, expect, it } from 'vitest'
import { staleRootsOf } from '@/api/live'
import { mealplanKeys } from './mealplans'

describe("the planner's query keys", () => {
  it('are made stale by every live meal-plan event, so that another member’s change shows', () => {
    for (const event of ['mealplan-entry.created', 'mealplan-entry.updated', 'mealplan-entry.deleted']) {
      expect(staleRootsOf(event)).toContainEqual(mealplanKeys.all)
    }
    expect(mealplanKeys.range('2030-01-07', '2030-01-13').slice(0, 1)).toEqual(mealplanKeys.all)
  })
})
