import { slugify } from '../../../lib/slugs.js'
import { type Conversion, missing } from './context.js'
import { extrasOf } from './kitchen.js'
import { freeSlug, stamps } from './people.js'
import { booleanOf, dateOf, numberOf, stableId, textOf, timestampOf, uuidOf } from './values.js'

const nutritionColumns = {
  calories: 'calories',
  carbohydrate_content: 'carbohydrateContent',
  cholesterol_content: 'cholesterolContent',
  fat_content: 'fatContent',
  fiber_content: 'fiberContent',
  protein_content: 'proteinContent',
  saturated_fat_content: 'saturatedFatContent',
  sodium_content: 'sodiumContent',
  sugar_content: 'sugarContent',
  trans_fat_content: 'transFatContent',
  unsaturated_fat_content: 'unsaturatedFatContent',
} as const

/**
 * Recipes keep their ids (their media folders and URLs are named by them) and, where their group has no other recipe
 * of that slug, their slugs. Mealie's per-recipe tables (settings, nutrition, notes, assets, api_extras) are columns
 * of the recipe row in Larder; the rating is the average of the users' ratings, computed when those are converted.
 */
export function convertRecipes(conversion: Conversion): void {
  const settings = conversion.byParent('recipe_settings', 'recipe_id')
  const nutrition = conversion.byParent('recipe_nutrition', 'recipe_id')
  const notes = conversion.byParent('notes', 'recipe_id')
  const assets = conversion.byParent('recipe_assets', 'recipe_id')
  const extras = conversion.byParent('api_extras', 'recipee_id')
  const slugsByGroup = new Map<string, Set<string>>()

  for (const row of conversion.rows('recipes')) {
    const id = uuidOf(row.id)
    const groupId = uuidOf(row.group_id)
    if (!id || !groupId || !conversion.groups.has(groupId)) {
      conversion.tally.skipped('recipes', missing('group_id', 'a group'))
      continue
    }
    let userId = uuidOf(row.user_id)
    if (row.user_id != null && (!userId || conversion.users.get(userId)?.groupId !== groupId)) {
      conversion.tally.skipped('recipes', missing('user_id', 'a user'))
      continue
    }
    if (!userId) {
      userId = conversion.stewards.get(groupId) ?? null
      if (!userId) {
        conversion.tally.skipped('recipes', 'no owner, and its group has no user to take it over')
        continue
      }
      conversion.tally.note('recipes', "had no owner: given to their group's first administrator")
    }
    const owner = conversion.users.get(userId)!
    const slugs = slugsByGroup.get(groupId) ?? new Set<string>()
    slugsByGroup.set(groupId, slugs)
    const name = (textOf(row.name) ?? '').trim() || textOf(row.slug) || 'Untitled recipe'
    const wanted = textOf(row.slug) || slugify(name) || id
    const slug = freeSlug(wanted, slugs)
    if (slug !== wanted)
      conversion.tally.note('recipes', 'its slug was taken in its group: numbered as Mealie numbers them')

    const setting = settings.get(id)?.[0] ?? {}
    const facts = nutrition.get(id)?.[0]
    const disableAmount = booleanOf(setting.disable_amount, true)
    conversion.emit('recipes', {
      id,
      group_id: groupId,
      household_id: owner.householdId,
      user_id: userId,
      name,
      slug,
      description: textOf(row.description) ?? '',
      image: textOf(row.image),
      recipe_yield: textOf(row.recipe_yield),
      recipe_yield_quantity: numberOf(row.recipe_yield_quantity) ?? 0,
      recipe_servings: numberOf(row.recipe_servings) ?? 0,
      total_time: textOf(row.total_time),
      prep_time: textOf(row.prep_time),
      cook_time: textOf(row.cook_time),
      perform_time: textOf(row.perform_time),
      org_url: textOf(row.org_url),
      rating: null,
      date_added: dateOf(row.date_added),
      date_updated: timestampOf(row.date_updated),
      last_made: timestampOf(row.last_made),
      settings_public: booleanOf(setting.public, false),
      settings_show_nutrition: booleanOf(setting.show_nutrition, false),
      settings_show_assets: booleanOf(setting.show_assets, false),
      settings_landscape_view: booleanOf(setting.landscape_view, false),
      settings_disable_comments: booleanOf(setting.disable_comments, false),
      settings_disable_amount: disableAmount,
      settings_locked: booleanOf(setting.locked, false),
      nutrition: facts
        ? Object.fromEntries(Object.entries(nutritionColumns).map(([column, key]) => [key, textOf(facts[column])]))
        : null,
      notes: (notes.get(id) ?? []).map((note) => ({ title: textOf(note.title) ?? '', text: textOf(note.text) ?? '' })),
      extras: extrasOf(extras.get(id)),
      assets: (assets.get(id) ?? []).map((asset) => ({
        name: textOf(asset.name) ?? '',
        icon: textOf(asset.icon) ?? 'mdi-file',
        fileName: textOf(asset.file_name) ?? '',
      })),
      ...stamps(conversion, row),
    })
    conversion.recipes.set(id, { groupId, householdId: owner.householdId, userId, disableAmount })
    conversion.tally.restored('recipes')
  }

  for (const table of ['recipe_nutrition', 'notes', 'recipe_assets'] as const) {
    conversion.foldedInto(table, 'recipe_id', conversion.recipes, 'a recipe')
  }
  conversion.foldedInto('api_extras', 'recipee_id', conversion.recipes, 'a recipe')
  const settingsSeen = new Set<string>()
  for (const row of conversion.rows('recipe_settings')) {
    const recipeId = uuidOf(row.recipe_id)
    if (!recipeId || !conversion.recipes.has(recipeId)) {
      conversion.tally.skipped('recipe_settings', missing('recipe_id', 'a recipe'))
    } else if (settingsSeen.has(recipeId)) {
      conversion.tally.skipped('recipe_settings', 'a second settings row for one recipe: the first was kept')
    } else {
      settingsSeen.add(recipeId)
      conversion.tally.restored('recipe_settings')
    }
  }
}

export function convertRecipeParts(conversion: Conversion): void {
  for (const [table, column, ids, what] of [
    ['recipes_to_categories', 'category_id', conversion.categories, 'a category'],
    ['recipes_to_tags', 'tag_id', conversion.tags, 'a tag'],
    ['recipes_to_tools', 'tool_id', conversion.tools, 'a tool'],
  ] as const) {
    const pairs = new Set<string>()
    for (const row of conversion.rows(table)) {
      const recipeId = uuidOf(row.recipe_id)
      const organizerId = ids.get(uuidOf(row[column]) ?? '')
      if (!recipeId || !conversion.recipes.has(recipeId))
        conversion.tally.skipped(table, missing('recipe_id', 'a recipe'))
      else if (!organizerId) conversion.tally.skipped(table, missing(column, what))
      else if (pairs.has(`${recipeId}:${organizerId}`)) {
        conversion.tally.skipped(table, 'the recipe already has this organizer (or one merged with it)')
      } else {
        pairs.add(`${recipeId}:${organizerId}`)
        conversion.emit(table, { recipe_id: recipeId, [column]: organizerId })
        conversion.tally.restored(table)
      }
    }
  }

  // Ingredients: Mealie numbers them; Larder gives each a uuid made from that number.
  const position = new Map<string, number>()
  for (const row of conversion.rows('recipes_ingredients')) {
    const recipeId = uuidOf(row.recipe_id)
    const recipe = recipeId ? conversion.recipes.get(recipeId) : undefined
    if (!recipeId || !recipe) {
      conversion.tally.skipped('recipes_ingredients', missing('recipe_id', 'a recipe'))
      continue
    }
    const unitId = row.unit_id == null ? null : (conversion.units.get(uuidOf(row.unit_id) ?? '') ?? undefined)
    const foodId = row.food_id == null ? null : (conversion.foods.get(uuidOf(row.food_id) ?? '') ?? undefined)
    if (unitId === undefined) {
      conversion.tally.skipped('recipes_ingredients', missing('unit_id', 'a unit'))
      continue
    }
    if (foodId === undefined) {
      conversion.tally.skipped('recipes_ingredients', missing('food_id', 'a food'))
      continue
    }
    let quantity = numberOf(row.quantity)
    // d7b3ce6fa31a: in recipes that hide amounts, a quantity of 1 was a placeholder; Mealie made it 0.
    if (conversion.before('d7b3ce6fa31a') && recipe.disableAmount && quantity === 1) quantity = 0
    const index = numberOf(row.position) ?? position.get(recipeId) ?? 0
    position.set(recipeId, index + 1)
    conversion.emit('recipe_ingredients', {
      id: stableId('recipes_ingredients', String(row.id)),
      recipe_id: recipeId,
      position: index,
      title: textOf(row.title),
      note: textOf(row.note),
      quantity,
      unit_id: unitId,
      food_id: foodId,
      original_text: textOf(row.original_text),
      reference_id: uuidOf(row.reference_id) ?? stableId('recipes_ingredients.reference', String(row.id)),
      referenced_recipe_id: null,
    })
    conversion.tally.restored('recipes_ingredients')
  }

  const links = conversion.byParent('recipe_ingredient_ref_link', 'instruction_id')
  const stepPosition = new Map<string, number>()
  for (const row of conversion.rows('recipe_instructions')) {
    const id = uuidOf(row.id)
    const recipeId = uuidOf(row.recipe_id)
    if (!id || !recipeId || !conversion.recipes.has(recipeId)) {
      conversion.tally.skipped('recipe_instructions', missing('recipe_id', 'a recipe'))
      continue
    }
    const index = numberOf(row.position) ?? stepPosition.get(recipeId) ?? 0
    stepPosition.set(recipeId, index + 1)
    conversion.emit('recipe_instructions', {
      id,
      recipe_id: recipeId,
      position: index,
      title: textOf(row.title) ?? '',
      summary: textOf(row.summary) ?? '',
      text: textOf(row.text) ?? '',
      ingredient_references: (links.get(id) ?? []).map((link) => ({ referenceId: uuidOf(link.reference_id) })),
    })
    conversion.instructions.add(id)
    conversion.tally.restored('recipe_instructions')
  }
  conversion.foldedInto('recipe_ingredient_ref_link', 'instruction_id', conversion.instructions, 'an instruction')
}

/**
 * Ratings and favourites, one row per user and recipe. Before d7c6efd2de42 favourites were a link table and the
 * rating a number on the recipe, which that migration copied to every user of the recipe's group; then each recipe's
 * rating is the average of its users' ratings above 0, as Larder keeps it.
 */
export function convertRatings(conversion: Conversion): void {
  const ratings = new Map<string, Record<string, unknown>>()
  const rate = (
    userId: string,
    recipeId: string,
    values: { rating?: number | null; isFavorite?: boolean },
    row?: Record<string, unknown>,
  ) => {
    const key = `${userId}:${recipeId}`
    const existing = ratings.get(key)
    if (existing) {
      if (values.rating !== undefined) existing.rating = values.rating
      if (values.isFavorite !== undefined) existing.is_favorite = values.isFavorite
      return false
    }
    ratings.set(key, {
      id: uuidOf(row?.id) ?? stableId('users_to_recipes', userId, recipeId),
      user_id: userId,
      recipe_id: recipeId,
      rating: values.rating ?? null,
      is_favorite: values.isFavorite ?? false,
      ...(row ? stamps(conversion, row) : { created_at: conversion.now, updated_at: conversion.now }),
    })
    return true
  }
  const check = (table: string, row: Record<string, unknown>) => {
    const userId = uuidOf(row.user_id)
    const recipeId = uuidOf(row.recipe_id)
    if (!userId || !conversion.users.has(userId)) conversion.tally.skipped(table, missing('user_id', 'a user'))
    else if (!recipeId || !conversion.recipes.has(recipeId))
      conversion.tally.skipped(table, missing('recipe_id', 'a recipe'))
    else return { userId, recipeId }
    return null
  }

  for (const row of conversion.rows('users_to_favorites')) {
    const pair = check('users_to_favorites', row)
    if (!pair) continue
    if (rate(pair.userId, pair.recipeId, { isFavorite: true })) conversion.tally.restored('users_to_favorites')
    else conversion.tally.skipped('users_to_favorites', 'the same favourite twice')
  }
  if (conversion.before('d7c6efd2de42')) {
    for (const row of conversion.rows('recipes')) {
      const recipeId = uuidOf(row.id)
      const rating = numberOf(row.rating)
      const recipe = recipeId ? conversion.recipes.get(recipeId) : undefined
      if (!recipe || !rating || rating <= 0) continue
      for (const [userId, user] of conversion.users) {
        if (user.groupId === recipe.groupId) rate(userId, recipeId!, { rating })
      }
    }
  }
  for (const row of conversion.rows('users_to_recipes')) {
    const pair = check('users_to_recipes', row)
    if (!pair) continue
    const values = { rating: numberOf(row.rating), isFavorite: booleanOf(row.is_favorite, false) }
    if (rate(pair.userId, pair.recipeId, values, row)) conversion.tally.restored('users_to_recipes')
    else conversion.tally.skipped('users_to_recipes', 'a second rating of one recipe by one user: the last was kept')
  }

  const sums = new Map<string, { total: number; count: number }>()
  for (const rating of ratings.values()) {
    conversion.emit('user_recipe_ratings', rating)
    const value = rating.rating as number | null
    if (value && value > 0) {
      const sum = sums.get(rating.recipe_id as string) ?? { total: 0, count: 0 }
      sums.set(rating.recipe_id as string, { total: sum.total + value, count: sum.count + 1 })
    }
  }
  for (const recipe of conversion.out.recipes ?? []) {
    const sum = sums.get(recipe.id as string)
    recipe.rating = sum ? sum.total / sum.count : null
  }

  // Last made: per household from b9e516e2d3b3; before it one date on the recipe, given to every household.
  const lastMade = new Set<string>()
  if (conversion.before('b9e516e2d3b3')) {
    for (const recipe of conversion.out.recipes ?? []) {
      if (!recipe.last_made) continue
      for (const householdId of conversion.householdsOfGroup.get(recipe.group_id as string) ?? []) {
        lastMade.add(`${householdId}:${recipe.id as string}`)
        conversion.emit('household_recipe_data', {
          household_id: householdId,
          recipe_id: recipe.id,
          last_made: recipe.last_made,
          created_at: conversion.now,
          updated_at: conversion.now,
        })
      }
    }
  }
  for (const row of conversion.rows('households_to_recipes')) {
    const householdId = uuidOf(row.household_id)
    const recipeId = uuidOf(row.recipe_id)
    if (!householdId || !conversion.households.has(householdId)) {
      conversion.tally.skipped('households_to_recipes', missing('household_id', 'a household'))
    } else if (!recipeId || !conversion.recipes.has(recipeId)) {
      conversion.tally.skipped('households_to_recipes', missing('recipe_id', 'a recipe'))
    } else if (lastMade.has(`${householdId}:${recipeId}`)) {
      conversion.tally.skipped('households_to_recipes', 'a second row for one household and recipe')
    } else {
      lastMade.add(`${householdId}:${recipeId}`)
      conversion.emit('household_recipe_data', {
        household_id: householdId,
        recipe_id: recipeId,
        last_made: timestampOf(row.last_made),
        ...stamps(conversion, row),
      })
      conversion.tally.restored('households_to_recipes')
    }
  }
}

const timelineEventTypes = new Set(['system', 'info', 'comment'])

export function convertRecipeActivity(conversion: Conversion): void {
  for (const row of conversion.rows('recipe_comments')) {
    const recipeId = uuidOf(row.recipe_id)
    const userId = uuidOf(row.user_id)
    if (!recipeId || !conversion.recipes.has(recipeId))
      conversion.tally.skipped('recipe_comments', missing('recipe_id', 'a recipe'))
    else if (!userId || !conversion.users.has(userId))
      conversion.tally.skipped('recipe_comments', missing('user_id', 'a user'))
    else {
      conversion.emit('recipe_comments', {
        id: uuidOf(row.id) ?? stableId('recipe_comments', String(row.id)),
        recipe_id: recipeId,
        user_id: userId,
        text: textOf(row.text) ?? '',
        ...stamps(conversion, row),
      })
      conversion.tally.restored('recipe_comments')
    }
  }

  for (const row of conversion.rows('recipe_timeline_events')) {
    const recipeId = uuidOf(row.recipe_id)
    const recipe = recipeId ? conversion.recipes.get(recipeId) : undefined
    if (!recipe) {
      conversion.tally.skipped('recipe_timeline_events', missing('recipe_id', 'a recipe'))
      continue
    }
    let userId = uuidOf(row.user_id)
    if (row.user_id != null && (!userId || !conversion.users.has(userId))) {
      conversion.tally.skipped('recipe_timeline_events', missing('user_id', 'a user'))
      continue
    }
    if (!userId) {
      userId = recipe.userId
      conversion.tally.note('recipe_timeline_events', "had no user: given to the recipe's owner")
    }
    const eventType = String(row.event_type)
    if (!timelineEventTypes.has(eventType))
      conversion.tally.note('recipe_timeline_events', 'an unknown event type: read as "info"')
    const createdAt = timestampOf(row.created_at) ?? conversion.now
    conversion.emit('recipe_timeline_events', {
      id: uuidOf(row.id) ?? stableId('recipe_timeline_events', String(row.id)),
      recipe_id: recipeId,
      user_id: userId,
      subject: textOf(row.subject) ?? '',
      event_type: timelineEventTypes.has(eventType) ? eventType : 'info',
      event_message: textOf(row.event_message ?? row.message),
      image: textOf(row.image) ?? 'does not have image',
      timestamp: timestampOf(row.timestamp) ?? createdAt,
      ...stamps(conversion, row),
    })
    conversion.tally.restored('recipe_timeline_events')
  }

  for (const row of conversion.rows('recipe_share_tokens')) {
    const id = uuidOf(row.id)
    const recipeId = uuidOf(row.recipe_id)
    const recipe = recipeId ? conversion.recipes.get(recipeId) : undefined
    if (!id || !recipe) {
      conversion.tally.skipped('recipe_share_tokens', missing('recipe_id', 'a recipe'))
      continue
    }
    const createdAt = timestampOf(row.created_at) ?? conversion.now
    conversion.emit('recipe_share_tokens', {
      id,
      group_id: recipe.groupId,
      recipe_id: recipeId,
      // Mealie's default lifetime is 30 days from creation.
      expires_at: timestampOf(row.expires_at) ?? new Date(Date.parse(createdAt) + 30 * 86_400_000).toISOString(),
      ...stamps(conversion, row),
    })
    conversion.tally.restored('recipe_share_tokens')
  }
}
