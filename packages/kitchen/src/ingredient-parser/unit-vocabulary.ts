import { recogniseUnitName } from '../unit-names.js'

/**
 * Every unit word the parser knows, as canonical name → spellings. The standard measures (teaspoon … pound) come from
 * `recogniseUnitName`, which already knows their English, German, French and Dutch spellings; this table adds the
 * counted and informal units recipes use ("clove", "pinch", "tin") and their Dutch, German and French words.
 * Spellings are compared lower-case, without dots and spaces, accents kept ("c.à.s." → "càs").
 */
const extraUnits: Readonly<Record<string, string>> = {
  tablespoon:
    'eetlepel|eetlepels|eetl|el|esslöffel|essloeffel|cuillère à soupe|cuillères à soupe|cs|càs|cas|cuil à soupe',
  teaspoon: 'theelepel|theelepels|thl|tl|teelöffel|teeloeffel|cuillère à café|cuillères à café|cc|càc|cac|cuil à café',
  'dessert spoon': 'dessertspoon|dessertspoons|dessert spoon|dessert spoons|dsp',
  cup: 'kop|kopjes|kopje|tasse|tassen',
  'fluid ounce': 'fl oz|floz|fluid ounce|fluid ounces|fl ounce',
  litre: 'l|liter|liters|litre|litres',
  millilitre: 'ml|milliliter|milliliters|millilitre|millilitres',
  gram: 'g|gr|gram|grams|gramme|grammes|gramm',
  kilogram: 'kg|kilo|kilos|kilogram|kilograms|kilogramm',
  ounce: 'oz|ounce|ounces|onces|once',
  pound: 'lb|lbs|pound|pounds|livre|livres|pfund',
  pinch: 'pinch|pinches|snufje|snuf|snuifje|mespunt|mespuntje|prise|prisen|pincée|pincées|msp|messerspitze',
  dash: 'dash|dashes|scheutje|spritzer|trait',
  drop: 'drop|drops|druppel|druppels|tropfen|goutte|gouttes',
  splash: 'splash|splashes|scheut|schuss',
  handful: 'handful|handfuls|handvol|handvoll|poignée|poignées',
  bunch: 'bunch|bunches|bos|bosje|bund|bündel|botte|bottes|bouquet',
  clove: 'clove|cloves|teen|teentje|teentjes|tenen|zehe|zehen|gousse|gousses',
  sprig: 'sprig|sprigs|takje|takjes|zweig|zweige|brin|brins',
  slice: 'slice|slices|plak|plakje|plakjes|scheibe|scheiben|tranche|tranches',
  piece: 'piece|pieces|pc|pcs|stuk|stuks|stukje|stück|stücke|stk|morceau|morceaux',
  can: 'can|cans|blik|blikje|blikken|dose|dosen|boîte|boîtes',
  tin: 'tin|tins',
  jar: 'jar|jars|pot|potje|glas|bocal',
  package: 'package|packages|pkg|pack|packs|packet|packets|pak|pakje|packung|päckchen|paquet|sachet|sachets|zakje',
  bottle: 'bottle|bottles|fles|flesje|flasche|bouteille',
  head: 'head|heads|krop|kopf|tête',
  stalk: 'stalk|stalks|steel|stengel|stängel|tige|tiges',
  stick: 'stick|sticks|stange|stangen|bâton',
  sheet: 'sheet|sheets|vel|vellen|blatt|blätter|feuille|feuilles',
  leaf: 'leaf|leaves|blad|blaadje|blaadjes',
  bulb: 'bulb|bulbs|knol',
  rasher: 'rasher|rashers',
  fillet: 'fillet|fillets|filet|filets',
  strip: 'strip|strips',
  ear: 'ear|ears',
  rib: 'rib|ribs',
  stem: 'stem|stems',
  loaf: 'loaf|loaves',
  punnet: 'punnet|punnets',
  knob: 'knob|knobs|klontje',
  scoop: 'scoop|scoops',
  cube: 'cube|cubes',
  square: 'square|squares',
  wedge: 'wedge|wedges',
  dozen: 'dozen',
  quart: 'quart|quarts|qt',
  pint: 'pint|pints|pt',
  gallon: 'gallon|gallons|gal',
  centimetre: 'cm|centimeter|centimeters|centimetre|centimetres',
  inch: 'in|inch|inches',
  envelope: 'envelope|envelopes',
  container: 'container|containers|tub|tubs|beker|becher|pot de',
  box: 'box|boxes|doos|doosje|schachtel',
  bag: 'bag|bags|zak|beutel',
  carton: 'carton|cartons',
  sleeve: 'sleeve|sleeves',
  tube: 'tube|tubes',
  pouch: 'pouch|pouches',
  block: 'block|blocks',
  recipe: 'recipe|recipes|batch|batches',
}

/** The canonical names of `recogniseUnitName`'s standard units, in the words this vocabulary uses. */
const standardNames: Readonly<Record<string, string>> = {
  tsp: 'teaspoon',
  tbsp: 'tablespoon',
  'fl-oz': 'fluid ounce',
  cup: 'cup',
  pint: 'pint',
  quart: 'quart',
  gallon: 'gallon',
  ml: 'millilitre',
  cl: 'centilitre',
  dl: 'decilitre',
  l: 'litre',
  mg: 'milligram',
  g: 'gram',
  kg: 'kilogram',
  oz: 'ounce',
  lb: 'pound',
}

/** A spelling as it is looked up: lower-case, no dots, no spaces. */
export function unitSpellingKey(text: string): string {
  return text.toLowerCase().replace(/[.\s]/g, '')
}

const spellingToUnit = new Map<string, string>()
for (const [canonical, spellings] of Object.entries(extraUnits)) {
  spellingToUnit.set(unitSpellingKey(canonical), canonical)
  for (const spelling of spellings.split('|')) spellingToUnit.set(unitSpellingKey(spelling), canonical)
}

/** Words that the vocabulary knows but that are far more often something else in a recipe line. */
const ambiguousWords = new Set(['in', 'can', 'pot', 'cc', 'cs', 'el', 'tl', 'once', 'trait'])

/**
 * The canonical name of a unit ("Tbsp." → "tablespoon", "EL" → "tablespoon", "c.à.s." → "tablespoon", "gr" →
 * "gram", "fl oz" → "fluid ounce", "T" → "tablespoon", "t" → "teaspoon"), or null when the text is not a unit this
 * vocabulary knows.
 */
export function canonicalUnitName(text: string | null | undefined): string | null {
  if (!text) return null
  const trimmed = text.trim()
  if (!trimmed) return null
  const standard = recogniseUnitName(trimmed)
  if (standard) return standardNames[standard.key] ?? standard.name
  return spellingToUnit.get(unitSpellingKey(trimmed)) ?? null
}

/** Whether one token is a unit word, leaving out words that are usually not ("in", "can"). */
export function isUnitWord(word: string): boolean {
  // Lower-case "el" is Spanish for "the"; "EL" and "TL" in capitals are the German spoons.
  if (ambiguousWords.has(word) || (ambiguousWords.has(word.toLowerCase()) && word.length > 2)) return false
  return canonicalUnitName(word) !== null
}

/** First words of the units written in several words, here and in `recogniseUnitName`'s spellings. */
const multiWordStarts = new Set([
  ...Object.values(extraUnits).flatMap((spellings) =>
    spellings.split('|').flatMap((spelling) => (spelling.includes(' ') ? [spelling.split(' ')[0]!] : [])),
  ),
  'fl',
  'fluid',
  'us',
  'tea',
  'c',
])

/** The longest unit of two to four words starting at `start` ("fl oz", "cuillères à soupe"): how many words, or 0. */
export function multiWordUnitLength(words: readonly string[], start: number): number {
  if (!multiWordStarts.has(words[start]?.toLowerCase() ?? '')) return 0
  for (let length = Math.min(4, words.length - start); length >= 2; length--) {
    if (spellingToUnit.has(unitSpellingKey(words.slice(start, start + length).join(' ')))) return length
    if (recogniseUnitName(words.slice(start, start + length).join(' '))) return length
  }
  return 0
}

/** Whether one token may start a two-word unit ("fl" of "fl oz", "fluid" of "fluid ounce"). */
export function startsTwoWordUnit(word: string, next: string | undefined): boolean {
  if (!next) return false
  const joined = `${word} ${next}`
  return canonicalUnitName(joined) !== null && (joined.toLowerCase().startsWith('fl') || /à/.test(joined))
}

/**
 * A unit text as the benchmark compares it: its canonical name when the vocabulary knows it, otherwise lower-case
 * and singular ("large bunch" and "large bunches" compare equal).
 */
export function normalisedUnitText(text: string | null | undefined): string {
  if (!text) return ''
  const canonical = canonicalUnitName(text)
  if (canonical) return canonical
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => canonicalUnitName(word) ?? word.replace(/(?<=[a-z]{2})(es|s)$/, ''))
    .join(' ')
}

/** The words that join a measure to what it measures: "2 cloves of garlic", "1 pincée de sel", "2 el van de olie". */
export const partitiveWords: ReadonlySet<string> = new Set(['of', 'de', 'du', 'des', 'di', 'van', 'von'])
