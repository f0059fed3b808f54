import type { IngredientFood, IngredientUnit } from '@larder/contracts'
import type { canonicalUnitName as CanonicalUnitName } from '@larder/kitchen/ingredient-parser'
import { ingredientNameKey } from '../../lib/ingredient-name-key.js'
import type { GroupVocabulary } from './repo.js'

/**
 * Matching parsed text to the group's foods and units (docs/mealie-compatibility.md "Matching foods and units"): both sides normalised (ASCII, lower case,
 * trimmed); an exact key — name, plural, abbreviations, aliases — wins; then Larder's unit vocabulary ("tbsp" finds
 * a unit named "Tablespoon" that has no such abbreviation); then the closest key by Mealie's Indel ratio, at least 85
 * for foods and 70 for units. Unmatched text stays a name.
 */
export function normalisedKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim()
}

/** Mealie's plain Indel ratio: 100 × 2·LCS / (len a + len b). */
export function indelRatio(a: string, b: string): number {
  if (!a.length && !b.length) return 100
  let previous = new Uint16Array(b.length + 1)
  let current = new Uint16Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!)
    }
    ;[previous, current] = [current, previous]
  }
  return (200 * previous[b.length]!) / (a.length + b.length)
}

interface KeyTable<Entity> {
  exact: Map<string, Entity>
  keys: [string, Entity][]
}

function keyTable<Entity>(
  entities: readonly Entity[],
  keysOf: (entity: Entity) => (string | null | undefined)[],
): KeyTable<Entity> {
  const exact = new Map<string, Entity>()
  for (const entity of entities) {
    for (const key of keysOf(entity)) {
      const normalised = key ? normalisedKey(key) : ''
      // Later entities overwrite earlier ones on identical keys, as in Mealie.
      if (normalised) exact.set(normalised, entity)
    }
  }
  return { exact, keys: [...exact] }
}

function fuzzy<Entity>(table: KeyTable<Entity>, key: string, threshold: number): Entity | null {
  let best: Entity | null = null
  let bestScore = threshold
  for (const [candidate, entity] of table.keys) {
    // A ratio of at least `bestScore` needs lengths within that share of each other: skip the rest unscored.
    const shorter = Math.min(candidate.length, key.length)
    if ((200 * shorter) / (candidate.length + key.length) < bestScore) continue
    const score = indelRatio(key, candidate)
    if (score > bestScore || (score === bestScore && best === null)) {
      best = entity
      bestScore = score
    }
  }
  return best
}

export interface Matcher {
  food(text: string | null | undefined): IngredientFood | null
  /** A unit written so (name, plural, abbreviations, aliases) or named with the same key; no vocabulary, no fuzzy step. */
  exactUnit(text: string): IngredientUnit | null
  /** A food whose name, plural or alias is the text after normalisation; no fuzzy step. */
  exactFood(text: string): IngredientFood | null
  unit(text: string | null | undefined): IngredientUnit | null
  /** The standard measure a text names in any spelling ("Tbsp" → "tablespoon"), from the parser's vocabulary. */
  canonicalUnitName(text: string): string | null
}

/** `canonicalUnitName` comes from the loaded parser (service.ts), which start-up does not load. */
export function createMatcher(vocabulary: GroupVocabulary, canonicalUnitName: typeof CanonicalUnitName): Matcher {
  const foods = keyTable(vocabulary.foods, (food) => [
    food.name,
    food.pluralName,
    ...food.aliases.map((alias) => alias.name),
  ])
  const unitKeys = (unit: IngredientUnit) => [
    unit.name,
    unit.pluralName,
    unit.abbreviation,
    unit.pluralAbbreviation,
    ...unit.aliases.map((alias) => alias.name),
  ]
  const units = keyTable(vocabulary.units, unitKeys)
  const unitsByNameKey = new Map(vocabulary.units.map((unit) => [ingredientNameKey(unit.name), unit]))
  const foodsByNameKey = new Map(vocabulary.foods.map((food) => [ingredientNameKey(food.name), food]))
  const unitsByCanonicalName = new Map<string, IngredientUnit>()
  for (const unit of vocabulary.units) {
    for (const key of unitKeys(unit)) {
      const canonical = canonicalUnitName(key)
      if (canonical && !unitsByCanonicalName.has(canonical)) unitsByCanonicalName.set(canonical, unit)
    }
  }
  return {
    canonicalUnitName,
    food(text) {
      const key = text ? normalisedKey(text) : ''
      if (!key) return null
      return foods.exact.get(key) ?? foodsByNameKey.get(ingredientNameKey(text!)) ?? fuzzy(foods, key, 85)
    },
    exactUnit(text) {
      return units.exact.get(normalisedKey(text)) ?? unitsByNameKey.get(ingredientNameKey(text)) ?? null
    },
    exactFood(text) {
      return foods.exact.get(normalisedKey(text)) ?? null
    },
    unit(text) {
      const key = text ? normalisedKey(text) : ''
      if (!key) return null
      const canonical = canonicalUnitName(text)
      return (
        units.exact.get(key) ?? (canonical ? unitsByCanonicalName.get(canonical) : undefined) ?? fuzzy(units, key, 70)
      )
    },
  }
}
