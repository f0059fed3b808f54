import type { SupportedMigration } from '@larder/contracts'

export interface MigrationSource {
  type: SupportedMigration
  /** The app's own name (not translated). */
  name: string
  /** What the file picker offers: a zip, or My Recipe Box's bare CSV (docs/mealie-compatibility.md "Migrations from other apps"). */
  accept: string
}

/** The apps Larder reads exports of (docs/mealie-compatibility.md "What each migration reads", docs/mealie-compatibility.md "After Mealie 2.0"), alphabetically by name. */
export const migrationSources: readonly MigrationSource[] = [
  { type: 'chowdown', name: 'Chowdown', accept: '.zip,application/zip' },
  { type: 'cookn', name: "Cook'n", accept: '.zip,application/zip' },
  { type: 'copymethat', name: 'Copy Me That', accept: '.zip,application/zip' },
  { type: 'mealie_alpha', name: 'Mealie (before 1.0)', accept: '.zip,application/zip' },
  { type: 'myrecipebox', name: 'My Recipe Box', accept: '.csv,text/csv' },
  { type: 'nextcloud', name: 'Nextcloud Cookbook', accept: '.zip,application/zip' },
  { type: 'paprika', name: 'Paprika', accept: '.zip,application/zip' },
  { type: 'plantoeat', name: 'Plan to Eat', accept: '.zip,application/zip' },
  { type: 'recipekeeper', name: 'Recipe Keeper', accept: '.zip,application/zip' },
  { type: 'tandoor', name: 'Tandoor', accept: '.zip,application/zip' },
]
