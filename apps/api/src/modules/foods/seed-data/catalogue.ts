import { ingredientNameKey } from '../../../lib/ingredient-name-key.js'
import { seedDataFor, seededLocales, type SeededLocale } from './index.js'
import type { SeedFood, SeedUnit } from './types.js'

/** One language's seeded units and foods, found by the key of any name they are written by. */
interface LocaleCatalogue {
  locale: SeededLocale
  units: Map<string, SeedUnit>
  foods: Map<string, SeedFood>
}

function catalogueOf(locale: SeededLocale, units: readonly SeedUnit[], foods: readonly SeedFood[]): LocaleCatalogue {
  const unitKeys = new Map<string, SeedUnit>()
  for (const unit of units) {
    for (const name of [unit.name, unit.pluralName, unit.abbreviation, unit.pluralAbbreviation]) {
      const key = name ? ingredientNameKey(name) : ''
      if (key && !unitKeys.has(key)) unitKeys.set(key, unit)
    }
  }
  const foodKeys = new Map<string, SeedFood>()
  for (const food of foods) {
    for (const name of [food.name, food.pluralName]) {
      const key = name ? ingredientNameKey(name) : ''
      if (key && !foodKeys.has(key)) foodKeys.set(key, food)
    }
  }
  return { locale, units: unitKeys, foods: foodKeys }
}

let loaded: Promise<LocaleCatalogue[]> | null = null

/** Every seeded locale's catalogue, read on the first import that needs one and kept. */
export function seedCatalogues(): Promise<LocaleCatalogue[]> {
  loaded ??= Promise.all(
    seededLocales.map(async (locale) => {
      const seed = await seedDataFor(locale)
      return catalogueOf(locale, seed.units, seed.foods)
    }),
  )
  return loaded
}

export type { LocaleCatalogue }

/**
 * The seeded unit or food a name stands for, with its plural and abbreviations, in the first locale that has it
 * (en-US first): "cups" → { name: "cup", pluralName: "cups", abbreviation: "c" }. For a new row named by a client or
 * an importer, so that it is created as a seeded one would have been.
 */
export async function seedEntryNamed(kind: 'units', name: string): Promise<SeedUnit | null>
export async function seedEntryNamed(kind: 'foods', name: string): Promise<SeedFood | null>
export async function seedEntryNamed(kind: 'units' | 'foods', name: string): Promise<SeedUnit | SeedFood | null> {
  const key = ingredientNameKey(name)
  for (const catalogue of await seedCatalogues()) {
    const entry = catalogue[kind].get(key)
    // Only by its own name or plural: "c" is the abbreviation of cup, but a food or unit named "c" is not a cup.
    if (entry && ingredientNameKey(entry.name) === key) return entry
    if (entry && entry.pluralName && ingredientNameKey(entry.pluralName) === key) return entry
  }
  return null
}
