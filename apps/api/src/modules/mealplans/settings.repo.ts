import { eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { households, mealPlanSettings } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

export type SettingsRow = typeof mealPlanSettings.$inferSelect
export type SettingsChange = Partial<Pick<SettingsRow, 'timeZone' | 'mealTimes' | 'noRepeatDays' | 'calendarToken'>>

export const settingsRepo = {
  /** The stored time zones of these households (any group: the webhook schedule reads every household's). */
  async timeZones(ex: Executor, householdIds: readonly string[]): Promise<Map<string, string | null>> {
    if (householdIds.length === 0) return new Map()
    const rows = await ex
      .select({ householdId: mealPlanSettings.householdId, timeZone: mealPlanSettings.timeZone })
      .from(mealPlanSettings)
      .where(inArray(mealPlanSettings.householdId, [...householdIds]))
    return new Map(rows.map((row) => [row.householdId, row.timeZone]))
  },

  /** The caller's household's settings; null while it has kept the defaults. */
  async find(ex: Executor, scope: Scope): Promise<SettingsRow | null> {
    const [row] = await ex
      .select()
      .from(mealPlanSettings)
      .where(eq(mealPlanSettings.householdId, scope.householdId))
      .limit(1)
    return row ?? null
  },

  /**
   * Writes the change in one statement, creating the household's row with the defaults when it has none. Meal times
   * are merged into the stored ones (two people changing two meals at once both keep theirs).
   */
  async save(ex: Executor, scope: Scope, change: SettingsChange): Promise<SettingsRow> {
    const { mealTimes, ...rest } = change
    const [row] = await ex
      .insert(mealPlanSettings)
      .values({ householdId: scope.householdId, ...change })
      .onConflictDoUpdate({
        target: mealPlanSettings.householdId,
        set: {
          ...rest,
          ...(mealTimes
            ? { mealTimes: sql`${mealPlanSettings.mealTimes} || ${JSON.stringify(mealTimes)}::jsonb` }
            : {}),
          updatedAt: new Date(),
        },
      })
      .returning()
    return row!
  },

  /** The household's calendar token: the one it has, else `token`, in one statement (two first asks agree). */
  async ensureCalendarToken(ex: Executor, scope: Scope, token: string): Promise<string> {
    const [row] = await ex
      .insert(mealPlanSettings)
      .values({ householdId: scope.householdId, calendarToken: token })
      .onConflictDoUpdate({
        target: mealPlanSettings.householdId,
        set: { calendarToken: sql`coalesce(${mealPlanSettings.calendarToken}, excluded.calendar_token)` },
      })
      .returning({ calendarToken: mealPlanSettings.calendarToken })
    return row!.calendarToken!
  },

  /** The household whose calendar feed this token opens (the token is the authority), with its group. */
  async findByCalendarToken(ex: Executor, token: string): Promise<{ settings: SettingsRow; groupId: string } | null> {
    const [row] = await ex
      .select({ settings: mealPlanSettings, groupId: households.groupId })
      .from(mealPlanSettings)
      .innerJoin(households, eq(households.id, mealPlanSettings.householdId))
      .where(eq(mealPlanSettings.calendarToken, token))
      .limit(1)
    return row ?? null
  },
}
