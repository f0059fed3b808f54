import { z } from 'zod'

const preferenceFields = {
  privateHousehold: z.boolean().default(true),
  lockRecipeEditsFromOtherHouseholds: z.boolean().default(true),
  firstDayOfWeek: z.number().int().min(0).max(6).default(0),
  recipePublic: z.boolean().default(true),
  recipeShowNutrition: z.boolean().default(false),
  recipeShowAssets: z.boolean().default(false),
  recipeLandscapeView: z.boolean().default(false),
  recipeDisableComments: z.boolean().default(false),
  recipeDisableAmount: z.boolean().default(true),
}

/** A full replace: omitted fields go back to their defaults, as in Mealie. */
export const UpdateHouseholdPreferences = z.object(preferenceFields).meta({ id: 'UpdateHouseholdPreferences' })
export type UpdateHouseholdPreferences = z.input<typeof UpdateHouseholdPreferences>

export const ReadHouseholdPreferences = z
  .object({
    id: z.uuid(),
    privateHousehold: z.boolean(),
    lockRecipeEditsFromOtherHouseholds: z.boolean(),
    firstDayOfWeek: z.number().int(),
    recipePublic: z.boolean(),
    recipeShowNutrition: z.boolean(),
    recipeShowAssets: z.boolean(),
    recipeLandscapeView: z.boolean(),
    recipeDisableComments: z.boolean(),
    recipeDisableAmount: z.boolean(),
  })
  .meta({ id: 'ReadHouseholdPreferences' })
export type ReadHouseholdPreferences = z.infer<typeof ReadHouseholdPreferences>

export const HouseholdSummary = z
  .object({
    id: z.uuid(),
    groupId: z.uuid(),
    name: z.string(),
    slug: z.string(),
    preferences: ReadHouseholdPreferences.nullable(),
  })
  .meta({ id: 'HouseholdSummary' })
export type HouseholdSummary = z.infer<typeof HouseholdSummary>

export const HouseholdInDB = HouseholdSummary.extend({
  group: z.string(),
  users: z.array(z.object({ id: z.uuid(), fullName: z.string().nullable() })),
  webhooks: z.array(z.unknown()),
}).meta({ id: 'HouseholdInDB' })
export type HouseholdInDB = z.infer<typeof HouseholdInDB>

export const HouseholdStatistics = z
  .object({
    totalRecipes: z.number().int(),
    totalUsers: z.number().int(),
    totalCategories: z.number().int(),
    totalTags: z.number().int(),
    totalTools: z.number().int(),
  })
  .meta({ id: 'HouseholdStatistics' })

export const SetPermissions = z
  .object({
    userId: z.uuid(),
    canManageHousehold: z.boolean().default(false),
    canManage: z.boolean().default(false),
    canInvite: z.boolean().default(false),
    canOrganize: z.boolean().default(false),
  })
  .meta({ id: 'SetPermissions' })

export const ReadInviteToken = z
  .object({ token: z.string(), usesLeft: z.number().int(), groupId: z.uuid(), householdId: z.uuid() })
  .meta({ id: 'ReadInviteToken' })
export type ReadInviteToken = z.infer<typeof ReadInviteToken>

export const CreateInviteToken = z
  .object({ uses: z.number().int().min(1).max(1000).default(1) })
  .meta({ id: 'CreateInviteToken' })

export const EmailInvitation = z
  .object({ email: z.string().trim().max(254).pipe(z.email()), token: z.string().min(1).max(200) })
  .meta({ id: 'EmailInvitation' })

export const EmailSendResult = z
  .object({ success: z.boolean(), error: z.string().nullable() })
  .meta({ id: 'EmailSendResult' })
