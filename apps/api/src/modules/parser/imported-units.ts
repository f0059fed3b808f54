import type { IngredientUnit, ParsedRecipeIngredient } from '@larder/contracts'
import { ingredientNameKey } from '../../lib/ingredient-name-key.js'
import type { LocaleCatalogue } from '../foods/index.js'
import type { Matcher } from './matching.js'

/**
 * How an imported recipe's units and foods join the group's (issue #30): in the recipe's own language, as the seed
 * lists name them. A unit is one of the group's only when written as it is (name, plural, abbreviation, alias, or the
 * same key), never through another language's word for the same measure ("c.s" is not "tablespoons"); a unit the
 * group lacks is named as the language's seed list names it ("Tbsp" → "tablespoon", with its plural and
 * abbreviation); words that are no unit ("small-to-medium", "cm piece") make none and go back to the note.
 */

/** The language whose seed lists know most of the lines' units and foods; the first listed (en-US) on a tie. */
export function recipeLanguageOf(
  catalogues: readonly LocaleCatalogue[],
  texts: { units: readonly string[]; foods: readonly string[] },
): LocaleCatalogue {
  const unitKeys = texts.units.map(ingredientNameKey)
  const foodKeys = texts.foods.map(ingredientNameKey)
  let best = catalogues[0]!
  let bestScore = -1
  for (const catalogue of catalogues) {
    const score =
      unitKeys.filter((key) => catalogue.units.has(key)).length +
      foodKeys.filter((key) => catalogue.foods.has(key)).length
    if (score > bestScore) {
      best = catalogue
      bestScore = score
    }
  }
  return best
}

/** The seed unit of the language that the text names, directly or as another spelling of the same measure. */
function seededUnit(catalogue: LocaleCatalogue, text: string, matcher: Matcher) {
  const direct = catalogue.units.get(ingredientNameKey(text))
  if (direct) return direct
  const canonical = matcher.canonicalUnitName(text)
  if (!canonical) return undefined
  for (const unit of catalogue.units.values()) if (matcher.canonicalUnitName(unit.name) === canonical) return unit
  return undefined
}

export interface ImportedUnit {
  unit: ParsedRecipeIngredient['unit']
  /** The words the parser took for a unit that are none, for the note. */
  notAUnit: string | null
}

export function importedUnit(text: string | null, matcher: Matcher, catalogue: LocaleCatalogue): ImportedUnit {
  if (!text?.trim()) return { unit: null, notAUnit: null }
  const seeded = seededUnit(catalogue, text, matcher)
  const seededNames = seeded
    ? [seeded.name, seeded.pluralName, seeded.abbreviation, seeded.pluralAbbreviation].filter((name) => !!name)
    : []
  const known = [text, ...seededNames].reduce<IngredientUnit | null>(
    (found, name) => found ?? matcher.exactUnit(name!),
    null,
  )
  if (known) return { unit: known, notAUnit: null }
  if (seeded) return { unit: { name: seeded.name }, notAUnit: null }
  if (matcher.canonicalUnitName(text) !== null) return { unit: { name: text.trim() }, notAUnit: null }
  return { unit: null, notAUnit: text.trim() }
}

/** The group's food, else a new one as the language's seed list names it ("radishes" → "radish"), else as written. */
export function importedFood(
  text: string | null,
  matcher: Matcher,
  catalogue: LocaleCatalogue,
): ParsedRecipeIngredient['food'] {
  if (!text?.trim()) return null
  const known = matcher.food(text)
  if (known) return known
  const seeded = catalogue.foods.get(ingredientNameKey(text))
  return { name: seeded?.name ?? text.trim() }
}
