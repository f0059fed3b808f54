import { badRequest } from '../../../http/errors.js'
import type { SafeArchive } from '../../../lib/safe-zip.js'
import { version as larderVersion } from '../../../version.js'
import type { MealieSecrets } from './secrets.js'
import type { DatabaseDump, DumpMedia } from '../database-dump.js'
import { currentSchemaVersion } from '../schema-version.js'
import { knownTableNames as larderTables } from '../tables.repo.js'
import { type MealieBackup, readMealieBackup } from './archive.js'
import { Conversion, noCounterpart } from './context.js'
import {
  convertCookbooks,
  convertIntegrations,
  convertLeftovers,
  convertMealPlans,
  convertShopping,
} from './households.js'
import { convertFoodsAndUnits, convertLabels, convertOrganizers } from './kitchen.js'
import { convertGroups, convertHouseholds, convertUsers } from './people.js'
import { convertRatings, convertRecipeActivity, convertRecipeParts, convertRecipes } from './recipes.js'
import type { ConversionReport } from './report.js'
import { uuidOf } from './values.js'

export interface ConvertedMealieBackup {
  dump: DatabaseDump
  media: DumpMedia
  report: ConversionReport
}

/** Mealie's tables the mappers read (folded into a parent or mapped to a table of Larder's). */
const handledTables = new Set([
  'alembic_version',
  'api_extras',
  'categories',
  'cookbooks',
  'cookbooks_to_categories',
  'cookbooks_to_tags',
  'cookbooks_to_tools',
  'group_data_exports',
  'group_events_notifier_options',
  'group_events_notifiers',
  'group_meal_plan_rules',
  'group_meal_plans',
  'group_preferences',
  'group_reports',
  'group_to_categories',
  'groups',
  'household_preferences',
  'households',
  'households_to_ingredient_foods',
  'households_to_recipes',
  'households_to_tools',
  'ingredient_food_extras',
  'ingredient_foods',
  'ingredient_foods_aliases',
  'ingredient_units',
  'ingredient_units_aliases',
  'invite_tokens',
  'long_live_tokens',
  'multi_purpose_labels',
  'notes',
  'password_reset_tokens',
  'plan_rules_to_categories',
  'plan_rules_to_households',
  'plan_rules_to_tags',
  'recipe_actions',
  'recipe_assets',
  'recipe_comments',
  'recipe_ingredient_ref_link',
  'recipe_instructions',
  'recipe_nutrition',
  'recipe_settings',
  'recipe_share_tokens',
  'recipe_timeline_events',
  'recipes',
  'recipes_ingredients',
  'recipes_to_categories',
  'recipes_to_tags',
  'recipes_to_tools',
  'report_entries',
  'server_tasks',
  'shopping_list_extras',
  'shopping_list_item_extras',
  'shopping_list_item_recipe_reference',
  'shopping_list_items',
  'shopping_list_recipe_reference',
  'shopping_lists',
  'shopping_lists_multi_purpose_labels',
  'tags',
  'tools',
  'users',
  'users_to_favorites',
  'users_to_recipes',
  'webhook_urls',
])

/**
 * Media by id (keys: the entries' paths in the archive), in Larder's layout (lib/media-paths.ts), which is Mealie's under `media/`: a recipe's images (its
 * timeline pictures among them) and assets, and a user's profile picture. Only for recipes and users restored;
 * other folders (templates, group files, Mealie's own backups) have no place in Larder.
 */
function mediaOf(backup: MealieBackup, conversion: Conversion): DumpMedia {
  const media: DumpMedia = new Map()
  for (const [dataPath, entry] of backup.dataFiles) {
    const [folder, rawId, ...rest] = dataPath.split('/')
    const id = uuidOf(rawId)
    if (!id || rest.length === 0 || rest.some((segment) => segment.startsWith('.'))) continue
    const recipeMedia =
      folder === 'recipes' && conversion.recipes.has(id) && (rest[0] === 'images' || rest[0] === 'assets')
    const userMedia = folder === 'users' && conversion.users.has(id)
    if (recipeMedia || userMedia) media.set(entry.path, ['media', folder, id, ...rest].join('/'))
  }
  return media
}

/**
 * Converts a Mealie backup (any schema revision Larder knows, docs/mealie-compatibility.md "Backups") into a dump of Larder's tables and the
 * media to restore with it, reporting per Mealie table how many rows were restored and why any were skipped. Pure:
 * nothing is written. Refuses (400) an archive that is not a Mealie backup or comes from a newer Mealie.
 */
export function convertMealieBackup(archive: SafeArchive, options: MealieSecrets): ConvertedMealieBackup {
  const backup = readMealieBackup(archive)
  if (!backup)
    throw badRequest('This archive is not a Mealie backup: it has no database.json naming a Mealie schema revision')
  return convertMealieTables(backup, options)
}

export function convertMealieTables(backup: MealieBackup, options: MealieSecrets): ConvertedMealieBackup {
  const conversion = new Conversion(backup)
  convertGroups(conversion)
  convertHouseholds(conversion)
  convertUsers(conversion)
  convertLabels(conversion)
  convertFoodsAndUnits(conversion)
  convertOrganizers(conversion)
  convertRecipes(conversion)
  convertRecipeParts(conversion)
  convertRatings(conversion)
  convertRecipeActivity(conversion)
  convertCookbooks(conversion)
  convertMealPlans(conversion)
  convertShopping(conversion)
  convertIntegrations(conversion, options)
  convertLeftovers(conversion)
  for (const [table, rows] of Object.entries(backup.tables)) {
    if (handledTables.has(table)) continue
    for (const _row of rows) conversion.tally.skipped(table, noCounterpart('a table Larder does not know'))
  }

  const unknown = Object.keys(conversion.out).filter((table) => !larderTables.has(table))
  if (unknown.length) throw new Error(`The Mealie conversion made rows for tables Larder lacks: ${unknown.join(', ')}`)
  return {
    dump: {
      format: 'larder',
      larderVersion,
      schemaVersion: currentSchemaVersion(),
      tables: conversion.out,
    },
    media: mediaOf(backup, conversion),
    report: conversion.tally.report(backup.revision),
  }
}
