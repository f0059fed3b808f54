import { z } from 'zod'

export const ReadGroupPreferences = z
  .object({ privateGroup: z.boolean(), groupId: z.uuid(), id: z.uuid() })
  .meta({ id: 'ReadGroupPreferences' })
export type ReadGroupPreferences = z.infer<typeof ReadGroupPreferences>

export const UpdateGroupPreferences = z
  .object({ privateGroup: z.boolean().default(true) })
  .meta({ id: 'UpdateGroupPreferences' })

export const GroupSummary = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string(), preferences: ReadGroupPreferences.nullable() })
  .meta({ id: 'GroupSummary' })
export type GroupSummary = z.infer<typeof GroupSummary>

export const UserSummary = z
  .object({
    id: z.uuid(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    username: z.string().nullable(),
    fullName: z.string().nullable(),
  })
  .meta({ id: 'UserSummary' })
export type UserSummary = z.infer<typeof UserSummary>

/** A group as administrators see it (docs/mealie-compatibility.md "Users, groups and households" GroupInDB). */
export const GroupInDB = GroupSummary.extend({
  categories: z.array(z.object({ id: z.uuid(), name: z.string(), slug: z.string() })),
  webhooks: z.array(z.unknown()),
  households: z.array(z.object({ id: z.uuid(), name: z.string() })).nullable(),
  users: z.array(UserSummary).nullable(),
}).meta({ id: 'GroupInDB' })
export type GroupInDB = z.infer<typeof GroupInDB>
