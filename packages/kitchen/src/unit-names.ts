import type { DisplayUnit } from './ingredient-display.js'

export type MeasurementSystem = 'metric' | 'us'

export type StandardUnitKey =
  | 'tsp'
  | 'tbsp'
  | 'fl-oz'
  | 'cup'
  | 'pint'
  | 'quart'
  | 'gallon'
  | 'ml'
  | 'cl'
  | 'dl'
  | 'l'
  | 'mg'
  | 'g'
  | 'kg'
  | 'oz'
  | 'lb'

/** A unit this module can convert, with its size in millilitres (volume) or grams (mass). */
export interface StandardUnit {
  /** Stable identifier, for a page that translates unit names. */
  key: StandardUnitKey
  kind: 'volume' | 'mass'
  system: MeasurementSystem
  /** Millilitres (volume) or grams (mass) in one unit. */
  size: number
  name: string
  pluralName: string
  abbreviation: string
}

function standard(
  key: StandardUnitKey,
  kind: StandardUnit['kind'],
  system: MeasurementSystem,
  size: number,
  name: string,
  pluralName: string,
  abbreviation: string,
): StandardUnit {
  return { key, kind, system, size, name, pluralName, abbreviation }
}

/** US customary sizes (teaspoon = 1/6 US fluid ounce; ounce and pound avoirdupois). */
export const standardUnits: Readonly<Record<StandardUnitKey, StandardUnit>> = {
  tsp: standard('tsp', 'volume', 'us', 4.92892159375, 'teaspoon', 'teaspoons', 'tsp'),
  tbsp: standard('tbsp', 'volume', 'us', 14.78676478125, 'tablespoon', 'tablespoons', 'tbsp'),
  'fl-oz': standard('fl-oz', 'volume', 'us', 29.5735295625, 'fluid ounce', 'fluid ounces', 'fl oz'),
  cup: standard('cup', 'volume', 'us', 236.5882365, 'cup', 'cups', 'c'),
  pint: standard('pint', 'volume', 'us', 473.176473, 'pint', 'pints', 'pt'),
  quart: standard('quart', 'volume', 'us', 946.352946, 'quart', 'quarts', 'qt'),
  gallon: standard('gallon', 'volume', 'us', 3785.411784, 'gallon', 'gallons', 'gal'),
  ml: standard('ml', 'volume', 'metric', 1, 'milliliter', 'milliliters', 'ml'),
  cl: standard('cl', 'volume', 'metric', 10, 'centiliter', 'centiliters', 'cl'),
  dl: standard('dl', 'volume', 'metric', 100, 'deciliter', 'deciliters', 'dl'),
  l: standard('l', 'volume', 'metric', 1000, 'liter', 'liters', 'l'),
  mg: standard('mg', 'mass', 'metric', 0.001, 'milligram', 'milligrams', 'mg'),
  g: standard('g', 'mass', 'metric', 1, 'gram', 'grams', 'g'),
  kg: standard('kg', 'mass', 'metric', 1000, 'kilogram', 'kilograms', 'kg'),
  oz: standard('oz', 'mass', 'us', 28.349523125, 'ounce', 'ounces', 'oz'),
  lb: standard('lb', 'mass', 'us', 453.59237, 'pound', 'pounds', 'lb'),
}

/** Spellings that differ by case alone: T is a tablespoon, t a teaspoon. */
const caseSensitiveSpellings: Readonly<Record<string, StandardUnitKey>> = {
  T: 'tbsp',
  t: 'tsp',
  Tb: 'tbsp',
  TB: 'tbsp',
}

/** Every other spelling, lower-case, without dots, single spaces. */
const spellings: ReadonlyMap<string, StandardUnitKey> = new Map(
  Object.entries({
    tsp: 'teaspoon|teaspoons|tsp|tsps|tspn|ts|tea spoon|teelöffel|tl|cuillère à café|cuillères à café|càc|cac|c à c',
    tbsp: 'tablespoon|tablespoons|tbsp|tbsps|tbs|tbl|tbls|tblsp|esslöffel|el|cuillère à soupe|cuillères à soupe|càs|cas|c à s',
    'fl-oz': 'fluid ounce|fluid ounces|fl oz|fl ozs|floz|fl ounce|fl ounces',
    cup: 'cup|cups|c|cp|us cup|us cups',
    pint: 'pint|pints|pt|pts',
    quart: 'quart|quarts|qt|qts',
    gallon: 'gallon|gallons|gal|gals',
    ml: 'ml|mls|millilitre|millilitres|milliliter|milliliters|millilitri|mililitro|mililitros|cc',
    cl: 'cl|centilitre|centilitres|centiliter|centiliters',
    dl: 'dl|decilitre|decilitres|deciliter|deciliters',
    l: 'l|litre|litres|liter|liters|ltr|ltrs|lt|litro|litros',
    mg: 'mg|milligram|milligrams|milligramme|milligrammes',
    g: 'g|gr|grs|gram|grams|gramme|grammes|gramm|grammi|gramo|gramos',
    kg: 'kg|kgs|kilogram|kilograms|kilogramme|kilogrammes|kilogramm|kilo|kilos',
    oz: 'oz|ozs|ounce|ounces',
    lb: 'lb|lbs|pound|pounds',
  } satisfies Record<StandardUnitKey, string>).flatMap(([key, words]) =>
    words.split('|').map((spelling) => [spelling, key as StandardUnitKey] as const),
  ),
)

/**
 * The standard unit a unit name stands for — by name, plural or abbreviation, ignoring case (except T/t), dots
 * and extra spaces ("Tbsp.", "tablespoons", "T", "t", "c", "lbs", "grams", "millilitre", "fl. oz") — or null.
 */
export function recogniseUnitName(name: string | null | undefined): StandardUnit | null {
  if (!name) return null
  const trimmed = name.trim()
  const exact = caseSensitiveSpellings[trimmed.replace(/\.$/, '')]
  if (exact) return standardUnits[exact]
  const normalised = trimmed.toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim()
  const key = spellings.get(normalised)
  return key ? standardUnits[key] : null
}

/** The standard unit an ingredient unit stands for, trying its name, plural, abbreviation and plural abbreviation. */
export function recogniseUnit(unit: DisplayUnit | string | null | undefined): StandardUnit | null {
  if (unit == null) return null
  if (typeof unit === 'string') return recogniseUnitName(unit)
  return (
    recogniseUnitName(unit.name) ??
    recogniseUnitName(unit.pluralName) ??
    recogniseUnitName(unit.abbreviation) ??
    recogniseUnitName(unit.pluralAbbreviation)
  )
}
