import { z } from 'zod'
import { IngredientFood, IngredientUnit, MultiPurposeLabel } from '../foods/models.js'
import { PlanDate } from '../mealplans/models.js'
import { RecipeSummary } from '../recipes/models.js'

/** A free string→string map on lists and items (docs/mealie-compatibility.md "Shopping lists"); null reads as `{}`. */
const Extras = z
  .record(z.string().max(200), z.string().max(2000))
  .nullish()
  .transform((extras) => extras ?? {})
/** A float amount a kitchen writes; bounded so that sums stay finite. */
const Amount = z.number().finite().min(-1_000_000).max(1_000_000)
/** Omitted on update: the note stays; null or '' clears it. */
const Note = z.string().max(2000).nullish()
const Position = z.number().int().min(-1_000_000).max(1_000_000)
/** An id the client may leave empty (Mealie's web client sends '' before it has one). */
const OptionalId = z
  .union([z.uuid(), z.literal('')])
  .nullish()
  .transform((id) => id || undefined)

/** An embedded food or unit in an item body: Mealie's clients send the whole object or a bare name. */
const EmbeddedRow = z
  .union([
    z
      .string()
      .max(200)
      .transform((name) => ({ name, id: undefined, labelId: undefined })),
    z.object({
      id: z.uuid().nullish(),
      name: z.string().max(200).nullish(),
      labelId: z.uuid().nullish(),
    }),
  ])
  .nullish()

// ——— Recipe references of an item (its shares from recipes) ———

/** Input: one recipe's share of a line (ShoppingListItemRecipeRefCreate / …Update). */
export const ShoppingListItemRecipeRefInput = z
  .object({
    id: OptionalId,
    shoppingListItemId: OptionalId,
    recipeId: z.uuid(),
    /** This line's amount in one copy (scale 1) of the recipe; null reads as 0. */
    recipeQuantity: Amount.nullish().transform((quantity) => quantity ?? 0),
    /** How many times the recipe was added; null reads as 1. */
    recipeScale: Amount.nullish().transform((scale) => scale ?? 1),
    recipeNote: z.string().max(2000).nullish(),
  })
  .meta({ id: 'ShoppingListItemRecipeRefUpdate' })
export type ShoppingListItemRecipeRefInput = z.input<typeof ShoppingListItemRecipeRefInput>

export const ShoppingListItemRecipeRefOut = z
  .object({
    id: z.uuid(),
    shoppingListItemId: z.uuid(),
    recipeId: z.uuid(),
    recipeQuantity: z.number(),
    recipeScale: z.number().nullable(),
    recipeNote: z.string().nullable(),
    /** Larder: the meal-plan entry this share came from, when it came from the planner. */
    mealplanId: z.uuid().nullable(),
  })
  .meta({ id: 'ShoppingListItemRecipeRefOut' })
export type ShoppingListItemRecipeRefOut = z.infer<typeof ShoppingListItemRecipeRefOut>

// ——— Items ———

const itemFields = {
  shoppingListId: z.uuid(),
  checked: z.boolean().nullish(),
  /** Omitted on create: after the list's last line. */
  position: Position.nullish(),
  isFood: z.boolean().nullish(),
  disableAmount: z.boolean().nullish(),
  note: Note,
  quantity: Amount.nullish(),
  foodId: z.uuid().nullish(),
  labelId: z.uuid().nullish(),
  unitId: z.uuid().nullish(),
  food: EmbeddedRow,
  unit: EmbeddedRow,
  /** Accepted for Mealie's clients and recomputed on every read. */
  display: z.string().max(5000).nullish(),
  /** Omitted on update: the extras stay. */
  extras: z.record(z.string().max(200), z.string().max(2000)).nullish(),
}

/** POST `/items` and each entry of `/items/create-bulk`; the client may choose the id (offline clients do). */
export const ShoppingListItemCreate = z
  .object({
    ...itemFields,
    id: OptionalId,
    recipeReferences: z.array(ShoppingListItemRecipeRefInput).max(200).nullish(),
  })
  .meta({ id: 'ShoppingListItemCreate' })
export type ShoppingListItemCreate = z.input<typeof ShoppingListItemCreate>
export type ShoppingListItemCreateParsed = z.output<typeof ShoppingListItemCreate>

/**
 * PUT `/items/{id}`. Larder: `quantityIncrement` adds to the line's amount instead of setting it, so that two people
 * adding to one line at once both count; with it, `quantity` is ignored.
 */
export const ShoppingListItemUpdate = z
  .object({
    ...itemFields,
    recipeReferences: z.array(ShoppingListItemRecipeRefInput).max(200).nullish(),
    quantityIncrement: Amount.nullish(),
  })
  .meta({ id: 'ShoppingListItemUpdate' })
export type ShoppingListItemUpdate = z.input<typeof ShoppingListItemUpdate>
export type ShoppingListItemUpdateParsed = z.output<typeof ShoppingListItemUpdate>

/** One entry of the bulk PUT `/items`. */
export const ShoppingListItemUpdateBulk = ShoppingListItemUpdate.extend({ id: z.uuid() }).meta({
  id: 'ShoppingListItemUpdateBulk',
})
export type ShoppingListItemUpdateBulk = z.input<typeof ShoppingListItemUpdateBulk>
export type ShoppingListItemUpdateBulkParsed = z.output<typeof ShoppingListItemUpdateBulk>

export const ShoppingListItemOut = z
  .object({
    id: z.uuid(),
    shoppingListId: z.uuid(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    checked: z.boolean(),
    position: z.number().int(),
    isFood: z.boolean(),
    disableAmount: z.boolean(),
    note: z.string(),
    quantity: z.number(),
    foodId: z.uuid().nullable(),
    labelId: z.uuid().nullable(),
    unitId: z.uuid().nullable(),
    food: IngredientFood.nullable(),
    label: MultiPurposeLabel.nullable(),
    unit: IngredientUnit.nullable(),
    display: z.string(),
    extras: z.record(z.string(), z.string()),
    recipeReferences: z.array(ShoppingListItemRecipeRefOut),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Larder: the list version of this line's last change (`/changes?since=`). */
    version: z.number().int(),
  })
  .meta({ id: 'ShoppingListItemOut' })
export type ShoppingListItemOut = z.infer<typeof ShoppingListItemOut>

/** Every item write answers what it created, changed and deleted: a create may merge, an update may delete. */
export const ShoppingListItemsCollectionOut = z
  .object({
    createdItems: z.array(ShoppingListItemOut),
    updatedItems: z.array(ShoppingListItemOut),
    deletedItems: z.array(ShoppingListItemOut),
  })
  .meta({ id: 'ShoppingListItemsCollectionOut' })
export type ShoppingListItemsCollectionOut = z.infer<typeof ShoppingListItemsCollectionOut>

/** DELETE `/items?ids=…&ids=…`: a single id or repeated ids. */
export const ShoppingListItemIds = z.object({
  ids: z
    .union([z.uuid(), z.array(z.uuid()).max(1000)])
    .optional()
    .transform((ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids])),
})

// ——— Lists ———

export const ShoppingListRecipeRefOut = z
  .object({
    id: z.uuid(),
    shoppingListId: z.uuid(),
    recipeId: z.uuid(),
    /** How many times, in scale units, the recipe is on the list. */
    recipeQuantity: z.number(),
    recipe: RecipeSummary.nullable(),
  })
  .meta({ id: 'ShoppingListRecipeRefOut' })
export type ShoppingListRecipeRefOut = z.infer<typeof ShoppingListRecipeRefOut>

export const ShoppingListMultiPurposeLabelOut = z
  .object({
    id: z.uuid(),
    shoppingListId: z.uuid(),
    labelId: z.uuid(),
    position: z.number().int(),
    label: MultiPurposeLabel,
  })
  .meta({ id: 'ShoppingListMultiPurposeLabelOut' })
export type ShoppingListMultiPurposeLabelOut = z.infer<typeof ShoppingListMultiPurposeLabelOut>

/** One entry of PUT `/lists/{id}/label-settings`: the whole reordered array, positions 0…n-1. */
export const ShoppingListMultiPurposeLabelUpdate = z
  .object({
    id: z.uuid(),
    shoppingListId: z.uuid(),
    labelId: z.uuid(),
    position: Position,
  })
  .meta({ id: 'ShoppingListMultiPurposeLabelUpdate' })
export type ShoppingListMultiPurposeLabelUpdate = z.input<typeof ShoppingListMultiPurposeLabelUpdate>

const listFields = {
  name: z.string().trim().max(200).nullish(),
  extras: Extras,
  /** A given value is stored (Mealie's import path); else now. */
  createdAt: z.iso.datetime({ offset: true, local: true }).nullish(),
  updatedAt: z.iso.datetime({ offset: true, local: true }).nullish(),
}

/**
 * POST `/lists`. Larder: `id`, optional, made by the client, so that a list created offline can be opened and filled
 * before the server has answered (its lines' writes name it); an id that exists is refused.
 */
export const ShoppingListCreate = z.object({ ...listFields, id: OptionalId }).meta({ id: 'ShoppingListCreate' })
export type ShoppingListCreate = z.input<typeof ShoppingListCreate>
export type ShoppingListCreateParsed = z.output<typeof ShoppingListCreate>

/** PUT `/lists/{id}`: only name, extras and owner change; `listItems` is accepted and ignored (docs/mealie-compatibility.md "Shopping lists"). */
export const ShoppingListUpdate = z
  .object({
    ...listFields,
    id: z.uuid(),
    groupId: z.uuid(),
    userId: z.uuid(),
    listItems: z.array(z.unknown()).max(5000).nullish(),
  })
  .meta({ id: 'ShoppingListUpdate' })
export type ShoppingListUpdate = z.input<typeof ShoppingListUpdate>
export type ShoppingListUpdateParsed = z.output<typeof ShoppingListUpdate>

export const ShoppingListSummary = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    extras: z.record(z.string(), z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    groupId: z.uuid(),
    userId: z.uuid(),
    householdId: z.uuid(),
    recipeReferences: z.array(ShoppingListRecipeRefOut),
    labelSettings: z.array(ShoppingListMultiPurposeLabelOut),
    /** Larder: bumped by every write to the list or its items (`/changes?since=`). */
    version: z.number().int(),
  })
  .meta({ id: 'ShoppingListSummary' })
export type ShoppingListSummary = z.infer<typeof ShoppingListSummary>

export const ShoppingListOut = ShoppingListSummary.extend({ listItems: z.array(ShoppingListItemOut) }).meta({
  id: 'ShoppingListOut',
})
export type ShoppingListOut = z.infer<typeof ShoppingListOut>

/**
 * POST `/lists/{id}/recipe/{recipeId}`: `recipeIncrementQuantity` is the scale; `recipeIngredients` the chosen
 * ingredients (null: all of the recipe's). Larder: `recipeIngredientReferences` picks ingredients of the stored recipe
 * by their `referenceId` instead of sending them whole; `mealplanId` names the plan entry the recipe comes from.
 */
export const ShoppingListAddRecipe = z
  .object({
    recipeIncrementQuantity: z
      .number()
      .finite()
      .gt(0)
      .max(1000)
      .nullish()
      .transform((scale) => scale ?? 1),
    recipeIngredients: z.array(RecipeIngredientForList()).max(500).nullish(),
    recipeIngredientReferences: z.array(z.uuid()).max(500).nullish(),
    mealplanId: z.uuid().nullish(),
  })
  .meta({ id: 'ShoppingListAddRecipeParams' })
export type ShoppingListAddRecipe = z.input<typeof ShoppingListAddRecipe>
export type ShoppingListAddRecipeParsed = z.output<typeof ShoppingListAddRecipe>

/** An ingredient as the "add to list" dialog sends it: the recipe's own ingredient, loosely (ids are what count). */
function RecipeIngredientForList() {
  return z.object({
    quantity: Amount.nullish(),
    unit: EmbeddedRow,
    food: EmbeddedRow,
    note: z.string().max(2000).nullish(),
    isFood: z.boolean().nullish(),
    disableAmount: z.boolean().nullish(),
    display: z.string().max(5000).nullish(),
    title: z.string().max(500).nullish(),
    originalText: z.string().max(2000).nullish(),
    referenceId: z.uuid().nullish(),
  })
}

/** POST `/lists/{id}/recipe/{recipeId}/delete`: how many scale units of the recipe to take off (default 1). */
export const ShoppingListRemoveRecipe = z
  .object({
    recipeDecrementQuantity: z
      .number()
      .finite()
      .gt(0)
      .max(1000)
      .nullish()
      .transform((scale) => scale ?? 1),
    mealplanId: z.uuid().nullish(),
  })
  .meta({ id: 'ShoppingListRemoveRecipeParams' })
export type ShoppingListRemoveRecipe = z.input<typeof ShoppingListRemoveRecipe>

/**
 * GET `/lists/{id}/changes?since=V`: the lines changed or deleted after version V, and the list's version now. Deleted
 * lines are remembered for EVENTS_RETENTION_DAYS; a client further behind is answered every live line with `reset`
 * true and must drop the lines it holds that the answer lacks.
 */
export const ShoppingListChangesQuery = z.object({ since: z.coerce.number().int().min(0) })
export const ShoppingListChanges = z
  .object({
    shoppingListId: z.uuid(),
    version: z.number().int(),
    /** True when `items` is the whole list (deletions older than `since` were forgotten): replace, don't merge. */
    reset: z.boolean(),
    items: z.array(ShoppingListItemOut),
    deletedItemIds: z.array(z.uuid()),
  })
  .meta({ id: 'ShoppingListChanges' })
export type ShoppingListChanges = z.infer<typeof ShoppingListChanges>

// ——— Who is here (Larder, issue #32) ———

/** A person who has the list open now. */
export const ShoppingListPresent = z
  .object({
    userId: z.uuid(),
    username: z.string().nullable(),
    fullName: z.string().nullable(),
  })
  .meta({ id: 'ShoppingListPresent' })
export type ShoppingListPresent = z.infer<typeof ShoppingListPresent>

/** The other people who have the list open (seen within the presence window), by name. */
export const ShoppingListPresence = z
  .object({
    shoppingListId: z.uuid(),
    /** How long after its last heartbeat a person still counts as here, in seconds. */
    windowSeconds: z.number().int(),
    people: z.array(ShoppingListPresent),
  })
  .meta({ id: 'ShoppingListPresence' })
export type ShoppingListPresence = z.infer<typeof ShoppingListPresence>

// ——— Stores (Larder): several per household, each with its own label order ———

export const ShoppingStoreInput = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(100),
    /** Label ids in the order the store's aisles come; labels not named follow in name order. */
    labelOrder: z.array(z.uuid()).max(500).default([]),
  })
  .meta({ id: 'ShoppingStoreInput' })
export type ShoppingStoreInput = z.input<typeof ShoppingStoreInput>
export type ShoppingStoreInputParsed = z.output<typeof ShoppingStoreInput>

export const ShoppingStoreOut = z
  .object({
    id: z.uuid(),
    name: z.string(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    labelOrder: z.array(z.uuid()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ShoppingStoreOut' })
export type ShoppingStoreOut = z.infer<typeof ShoppingStoreOut>

// ——— Shop for these days (Larder): the plan's recipes of a date range onto a list ———

/**
 * POST `/lists/{id}/mealplan` and `/lists/{id}/mealplan/preview`: every plan entry with a recipe between the two
 * dates (inclusive, at most 62 days), each as its own source on the list. `leaveOut` names foods not to add; omitted,
 * the foods the household has on hand are left out.
 */
export const ShoppingListMealPlanInput = z
  .object({
    startDate: PlanDate,
    endDate: PlanDate,
    leaveOut: z.array(z.uuid()).max(1000).nullish(),
  })
  .refine((range) => range.startDate <= range.endDate, {
    message: 'The end comes before the start',
    path: ['endDate'],
  })
  .refine((range) => (Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 < 62, {
    message: 'Shop for at most 62 days at once',
    path: ['endDate'],
  })
  .meta({ id: 'ShoppingListMealPlanInput' })
export type ShoppingListMealPlanInput = z.input<typeof ShoppingListMealPlanInput>
export type ShoppingListMealPlanInputParsed = z.output<typeof ShoppingListMealPlanInput>

/** A plan entry one preview line comes from: the entry, its day and meal, and its recipe. */
export const ShoppingListMealPlanSource = z
  .object({
    /** The plan entry's id (its id in `/api/households/mealplans`). */
    planEntryId: z.number().int(),
    /** The same entry as a line's recipe references name it (`mealplanId`). */
    mealplanId: z.uuid(),
    date: z.string(),
    entryType: z.string(),
    recipeId: z.uuid(),
    recipeName: z.string(),
    /** The entry's servings (null: the recipe's own), and the scale they give the recipe: servings / its servings. */
    servings: z.number().nullable(),
    recipeScale: z.number(),
  })
  .meta({ id: 'ShoppingListMealPlanSource' })
export type ShoppingListMealPlanSource = z.infer<typeof ShoppingListMealPlanSource>

/** One line the days would add, merged as the list would merge it; `onHand`: the household holds its food. */
export const ShoppingListMealPlanLine = z
  .object({
    food: IngredientFood.nullable(),
    unit: IngredientUnit.nullable(),
    quantity: z.number(),
    note: z.string(),
    display: z.string(),
    onHand: z.boolean(),
    sources: z.array(ShoppingListMealPlanSource),
  })
  .meta({ id: 'ShoppingListMealPlanLine' })
export type ShoppingListMealPlanLine = z.infer<typeof ShoppingListMealPlanLine>

/** The preview: the lines that would be added, and the plan entries skipped because the list already has them. */
export const ShoppingListMealPlanPreview = z
  .object({
    shoppingListId: z.uuid(),
    startDate: z.string(),
    endDate: z.string(),
    lines: z.array(ShoppingListMealPlanLine),
    entriesOnList: z.array(ShoppingListMealPlanSource),
  })
  .meta({ id: 'ShoppingListMealPlanPreview' })
export type ShoppingListMealPlanPreview = z.infer<typeof ShoppingListMealPlanPreview>
