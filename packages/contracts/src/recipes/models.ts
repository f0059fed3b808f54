import { z } from 'zod'
import { IngredientFood, IngredientUnit } from '../foods/models.js'
import { HouseholdSummary } from '../households/models.js'
import { RecipeCategory, RecipeTag, RecipeTool } from '../organizers/models.js'

/** Mealie coerces numbers to strings in its free-text time and nutrition fields (docs/mealie-compatibility.md "Recipe model"). */
const TextOrNumber = z
  .union([z.string().max(500), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))

export const RecipeSettings = z
  .object({
    public: z.boolean(),
    showNutrition: z.boolean(),
    showAssets: z.boolean(),
    landscapeView: z.boolean(),
    disableComments: z.boolean(),
    disableAmount: z.boolean(),
    locked: z.boolean(),
  })
  .meta({ id: 'RecipeSettings' })
export type RecipeSettings = z.infer<typeof RecipeSettings>

export const nutritionFields = [
  'calories',
  'carbohydrateContent',
  'cholesterolContent',
  'fatContent',
  'fiberContent',
  'proteinContent',
  'saturatedFatContent',
  'sodiumContent',
  'sugarContent',
  'transFatContent',
  'unsaturatedFatContent',
] as const

export const Nutrition = z
  .object(
    Object.fromEntries(nutritionFields.map((field) => [field, z.string().nullable()])) as Record<
      (typeof nutritionFields)[number],
      z.ZodNullable<z.ZodString>
    >,
  )
  .meta({ id: 'Nutrition' })
export type Nutrition = z.infer<typeof Nutrition>

export const RecipeAsset = z
  .object({ name: z.string(), icon: z.string(), fileName: z.string() })
  .meta({ id: 'RecipeAsset' })
export type RecipeAsset = z.infer<typeof RecipeAsset>

export const RecipeNote = z.object({ title: z.string(), text: z.string() }).meta({ id: 'RecipeNote' })
export type RecipeNote = z.infer<typeof RecipeNote>

/** A sub-recipe used as an ingredient: enough to link to it and scale it. */
export const ReferencedRecipe = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    recipeServings: z.number(),
    recipeYieldQuantity: z.number(),
  })
  .meta({ id: 'ReferencedRecipe' })
export type ReferencedRecipe = z.infer<typeof ReferencedRecipe>

export const RecipeIngredient = z
  .object({
    quantity: z.number().nullable(),
    unit: IngredientUnit.nullable(),
    food: IngredientFood.nullable(),
    note: z.string().nullable(),
    isFood: z.boolean().nullable(),
    disableAmount: z.boolean(),
    display: z.string(),
    title: z.string().nullable(),
    originalText: z.string().nullable(),
    referenceId: z.uuid(),
    referencedRecipe: ReferencedRecipe.nullable(),
  })
  .meta({ id: 'RecipeIngredient' })
export type RecipeIngredient = z.infer<typeof RecipeIngredient>

export const RecipeStep = z
  .object({
    id: z.uuid(),
    title: z.string().nullable(),
    summary: z.string().nullable(),
    text: z.string(),
    ingredientReferences: z.array(z.object({ referenceId: z.uuid().nullable() })),
  })
  .meta({ id: 'RecipeStep' })
export type RecipeStep = z.infer<typeof RecipeStep>

export const RecipeCommentUser = z
  .object({ id: z.uuid(), username: z.string().nullable(), admin: z.boolean(), fullName: z.string().nullable() })
  .meta({ id: 'RecipeCommentUser' })

export const RecipeComment = z
  .object({
    id: z.uuid(),
    recipeId: z.uuid(),
    text: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    userId: z.uuid(),
    user: RecipeCommentUser,
  })
  .meta({ id: 'RecipeCommentOut' })
export type RecipeComment = z.infer<typeof RecipeComment>

/** List items (docs/mealie-compatibility.md "Recipe model" RecipeSummary): no ingredients or steps. */
export const RecipeSummary = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    householdId: z.uuid(),
    groupId: z.uuid(),
    name: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    recipeServings: z.number(),
    recipeYieldQuantity: z.number(),
    recipeYield: z.string().nullable(),
    totalTime: z.string().nullable(),
    prepTime: z.string().nullable(),
    cookTime: z.string().nullable(),
    performTime: z.string().nullable(),
    description: z.string().nullable(),
    recipeCategory: z.array(RecipeCategory),
    tags: z.array(RecipeTag),
    tools: z.array(RecipeTool),
    rating: z.number().nullable(),
    orgURL: z.string().nullable(),
    dateAdded: z.string().nullable(),
    dateUpdated: z.string().nullable(),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    lastMade: z.string().nullable(),
  })
  .meta({ id: 'RecipeSummary' })
export type RecipeSummary = z.infer<typeof RecipeSummary>

export const Recipe = RecipeSummary.extend({
  recipeIngredient: z.array(RecipeIngredient),
  recipeInstructions: z.array(RecipeStep),
  nutrition: Nutrition.nullable(),
  settings: RecipeSettings,
  assets: z.array(RecipeAsset),
  notes: z.array(RecipeNote),
  extras: z.record(z.string(), z.string()),
  comments: z.array(RecipeComment),
}).meta({ id: 'Recipe' })
export type Recipe = z.infer<typeof Recipe>

/**
 * What a member can read about each recipe of a list, so what the list may filter and order on (docs/mealie-compatibility.md "Filter and order attributes"): the
 * whole recipe (GET /api/recipes/{slug}), its household as the group's household list shows it, its owner's id, and
 * who marked it a favourite or rated it (Mealie's favourites page filters on `favoritedBy.id`).
 */
export const RecipeFilterable = Recipe.extend({
  household: HouseholdSummary,
  user: z.object({ id: z.uuid() }),
  favoritedBy: z.array(z.object({ id: z.uuid() })),
  ratedBy: z.array(z.object({ id: z.uuid() })),
})

// ——— Inputs. Mealie's clients send back what they read, with extra and read-only fields; strings stand for
// ingredients and organizers in older scripts. Unknown keys are dropped; read-only ones are ignored by the server.

/** A reference to an existing row: its id, or (organizers) a name/slug the server resolves in the group. */
const RowReference = z.object({
  id: z.uuid().nullable().optional(),
  name: z.string().max(200).optional(),
  slug: z.string().max(200).optional(),
})
export type RowReference = z.infer<typeof RowReference>

const OrganizerInput = z.union([
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .transform((name) => ({ name })),
  RowReference,
])

export const RecipeIngredientInput = z.union([
  z
    .string()
    .max(2000)
    .transform((note) => ({ note })),
  z.object({
    quantity: z
      .union([z.number().finite(), z.literal(''), z.null()])
      .transform((value) => (value === '' ? null : value))
      .optional(),
    unit: z
      .union([
        z
          .string()
          .max(200)
          .transform((name) => ({ name })),
        RowReference,
      ])
      .nullable()
      .optional(),
    food: z
      .union([
        z
          .string()
          .max(200)
          .transform((name) => ({ name })),
        RowReference,
      ])
      .nullable()
      .optional(),
    note: z.string().max(2000).nullable().optional(),
    title: z.string().max(500).nullable().optional(),
    originalText: z.string().max(2000).nullable().optional(),
    referenceId: z.uuid().nullable().optional(),
    referencedRecipe: z.object({ id: z.uuid() }).nullable().optional(),
    isFood: z.boolean().nullable().optional(),
    disableAmount: z.boolean().nullable().optional(),
  }),
])
export type RecipeIngredientInput = z.output<typeof RecipeIngredientInput>

export const RecipeStepInput = z.object({
  id: z.uuid().nullable().optional(),
  title: z.string().max(500).nullable().optional(),
  summary: z.string().max(500).nullable().optional(),
  text: z.string().max(20_000).default(''),
  ingredientReferences: z
    .array(z.object({ referenceId: z.uuid().nullable().optional() }))
    .max(200)
    .default([]),
})
export type RecipeStepInput = z.output<typeof RecipeStepInput>

const NutritionInput = z
  .object(
    Object.fromEntries(nutritionFields.map((field) => [field, TextOrNumber.nullable().optional()])) as Record<
      (typeof nutritionFields)[number],
      z.ZodOptional<z.ZodNullable<typeof TextOrNumber>>
    >,
  )
  .nullable()

const SettingsInput = z
  .object({
    public: z.boolean().optional(),
    showNutrition: z.boolean().optional(),
    showAssets: z.boolean().optional(),
    landscapeView: z.boolean().optional(),
    disableComments: z.boolean().optional(),
    disableAmount: z.boolean().optional(),
    locked: z.boolean().optional(),
  })
  .nullable()

const nullableText = (max: number) => z.string().max(max).nullable().optional()

/**
 * A recipe's source. Clients link it, so an address with a scheme must be http(s): a `javascript:` one would run on a
 * click in clients that do not check. Text without a scheme ("Grandma's book") stays text. Browsers ignore control
 * characters and spaces in a scheme, so they are ignored here too.
 */
const SourceUrl = nullableText(2000).refine(
  (value) => {
    const visible = [...(value ?? '')].filter((character) => character.charCodeAt(0) > 0x20).join('')
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(visible)?.[1]
    return scheme === undefined || /^https?$/i.test(scheme)
  },
  { message: 'Enter an http or https address' },
)

/** Every field a client may write; PUT treats a missing one as its default, PATCH leaves it unchanged. */
export const RecipeInput = z
  .object({
    id: z.uuid().nullable().optional(),
    name: z.string().trim().min(1, 'Enter a name').max(500).optional(),
    slug: z.string().max(500).optional(),
    userId: z.uuid().optional(),
    description: nullableText(20_000),
    recipeYield: nullableText(500),
    recipeYieldQuantity: z.number().finite().min(0).nullable().optional(),
    recipeServings: z.number().finite().min(0).nullable().optional(),
    totalTime: TextOrNumber.nullable().optional(),
    prepTime: TextOrNumber.nullable().optional(),
    cookTime: TextOrNumber.nullable().optional(),
    performTime: TextOrNumber.nullable().optional(),
    orgURL: SourceUrl,
    dateAdded: z.string().max(40).nullable().optional(),
    recipeCategory: z.array(OrganizerInput).max(200).nullable().optional(),
    tags: z.array(OrganizerInput).max(200).nullable().optional(),
    tools: z.array(OrganizerInput).max(200).nullable().optional(),
    recipeIngredient: z.array(RecipeIngredientInput).max(500).nullable().optional(),
    recipeInstructions: z.array(RecipeStepInput).max(500).nullable().optional(),
    nutrition: NutritionInput.optional(),
    settings: SettingsInput.optional(),
    assets: z
      .array(
        z.object({
          name: z.string().max(200),
          icon: z.string().max(100).default('mdi-file'),
          fileName: z.string().max(300),
        }),
      )
      .max(100)
      .nullable()
      .optional(),
    notes: z
      .array(z.object({ title: z.string().max(500).default(''), text: z.string().max(20_000).default('') }))
      .max(100)
      .nullable()
      .optional(),
    extras: z.record(z.string().max(200), z.string().max(5000)).nullable().optional(),
  })
  .meta({ id: 'RecipeInput' })
export type RecipeInput = z.input<typeof RecipeInput>
export type RecipeInputParsed = z.output<typeof RecipeInput>

/** Bulk PUT/PATCH items name the recipe by id. */
export const RecipeBulkInput = RecipeInput.extend({ id: z.uuid() })

/**
 * `starterContent: false` (Larder's, ignored by Mealie) leaves out Mealie's sample ingredient and step: the web client
 * opens a new recipe empty with hints instead of saving filler as content. Mealie's clients send only the name.
 */
export const CreateRecipe = z
  .object({ name: z.string().trim().min(1, 'Enter a name').max(500), starterContent: z.boolean().optional() })
  .meta({ id: 'CreateRecipe' })
export type CreateRecipe = z.input<typeof CreateRecipe>

/** POST /api/recipes/{slug}/image: the picture's address; `includeTags` is accepted as Mealie's clients send it. */
export const RecipeImageFromUrl = z
  .object({ url: z.url({ protocol: /^https?$/ }).max(2000), includeTags: z.boolean().optional() })
  .meta({ id: 'ScrapeRecipeImage' })
export type RecipeImageFromUrl = z.input<typeof RecipeImageFromUrl>

/** The image's new cache key, as the image endpoints answer it. */
export const RecipeImageKey = z.object({ image: z.string() }).meta({ id: 'UpdateImageResponse' })
export type RecipeImageKey = z.infer<typeof RecipeImageKey>

export const DuplicateRecipe = z.object({ name: z.string().trim().max(500).nullable().optional() })
export const RecipeLastMade = z.object({ timestamp: z.iso.datetime({ offset: true, local: true }) })

/** Recipe list query (docs/mealie-compatibility.md "Recipe list and search") on top of the shared pagination parameters. */
const repeated = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(100)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional()
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'True' || value === '1')
  .default(false)

export const RecipeListFilters = {
  search: z.string().max(500).optional(),
  cookbook: z.string().max(200).optional(),
  categories: repeated,
  tags: repeated,
  tools: repeated,
  foods: repeated,
  households: repeated,
  requireAllCategories: flag,
  requireAllTags: flag,
  requireAllTools: flag,
  requireAllFoods: flag,
}
