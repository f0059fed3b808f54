import { z } from 'zod'
import { AppInfo } from '../app/about.js'
import { EntityName } from '../common/fields.js'
import { UpdateHouseholdPreferences } from '../households/models.js'
import { UserBase } from '../users/models.js'

export const AdminAboutInfo = AppInfo.extend({
  versionLatest: z.string(),
  apiPort: z.number().int(),
  apiDocs: z.boolean(),
  dbType: z.literal('postgres'),
  dbUrl: z.string().nullable(),
  defaultGroup: z.string(),
  defaultHousehold: z.string(),
  buildId: z.string(),
  recipeScraperVersion: z.string(),
}).meta({ id: 'AdminAboutInfo' })

export const AppStatistics = z
  .object({
    totalRecipes: z.number().int(),
    totalUsers: z.number().int(),
    totalHouseholds: z.number().int(),
    totalGroups: z.number().int(),
    uncategorizedRecipes: z.number().int(),
    untaggedRecipes: z.number().int(),
  })
  .meta({ id: 'AppStatistics' })

export const CheckAppConfig = z
  .object({
    emailReady: z.boolean(),
    ldapReady: z.boolean(),
    oidcReady: z.boolean(),
    enableOpenai: z.boolean(),
    baseUrlSet: z.boolean(),
    isUpToDate: z.boolean(),
  })
  .meta({ id: 'CheckAppConfig' })

/** Admin edits send a whole user back; group and household are chosen by name, as in Mealie. */
export const AdminUpdateUser = UserBase.extend({ id: z.uuid() }).meta({ id: 'AdminUpdateUser' })

export const CreateGroup = z.object({ name: EntityName }).meta({ id: 'GroupBase' })
export const UpdateGroup = z
  .object({
    id: z.uuid(),
    name: z.string().trim().max(100).default(''),
    preferences: z.object({ privateGroup: z.boolean() }).nullish(),
  })
  .meta({ id: 'GroupAdminUpdate' })

export const CreateHousehold = z.object({ groupId: z.uuid(), name: EntityName }).meta({ id: 'HouseholdCreate' })
export const UpdateHousehold = z
  .object({
    id: z.uuid(),
    groupId: z.uuid(),
    name: z.string().trim().max(100).default(''),
    preferences: UpdateHouseholdPreferences.nullish(),
  })
  .meta({ id: 'UpdateHouseholdAdmin' })

export const PasswordResetTokenRequest = z.object({ email: z.string().trim().max(254) })
export const EmailReady = z.object({ ready: z.boolean() })
export const TestEmail = z.object({ email: z.string().trim().max(254).pipe(z.email()) })

/** The answer of the administrators' test of the OpenAI provider: always 200, the outcome in `success` (Mealie's). */
export const DebugResponse = z
  .object({ success: z.boolean(), response: z.string().nullable() })
  .meta({ id: 'DebugResponse' })
export type DebugResponse = z.infer<typeof DebugResponse>
