import { bracketedNote, startsWithAmount } from './ingredient-groups.js'
import type { JsonValue } from './lenient-json.js'
import { compactText } from './line-matching.js'
import { isObject, type SchemaNode } from './json-ld.js'
import { cleanLine } from './text-cleaning.js'

/**
 * One ingredient of an app state as the line a page would show: "½ dl Vatten", "2 stilke bladselleri til pynt".
 * App states store an ingredient in parts under keys each site names its own way, in its own language; the parts are
 * found by vocabulary (amount, unit, name, note) and put in the order recipes print them.
 */

/** A line the state already holds whole, as shown. */
const lineKeys = ['text', 'line', 'displaytext', 'display', 'original', 'originaltext', 'raw', 'rawtext', 'fulltext']
const amountKeys = [
  'formattedamount',
  'displayamount',
  'displayquantity',
  'amount',
  'quantity',
  'qty',
  'menge',
  'mengde',
  'mængde',
  'maengde',
  'hoeveelheid',
  'quantité',
  'quantite',
  'cantidad',
  'quantità',
  'quantita',
  'ilość',
  'ilosc',
  'antal',
  'määrä',
]
const unitKeys = [
  'formattedunit',
  'displayunit',
  'unit',
  'unitname',
  'enhed',
  'enhet',
  'einheit',
  'eenheid',
  'unité',
  'unite',
  'unidad',
  'unità',
  'jednostka',
  'yksikkö',
  'measure',
]
const nameKeys = [
  'formattedname',
  'displayname',
  'ingredientname',
  'name',
  'ingredient',
  'food',
  'product',
  'title',
  'navn',
  'bezeichnung',
  'nom',
  'nombre',
  'nome',
  'naam',
  'nazwa',
]
/** A note said apart from the name ("diced"), which goes in brackets. */
const noteKeys = ['note', 'notes', 'comment', 'comments', 'remark', 'preparation', 'extrainfo']
/** Words the state keeps to be printed after the name as they are ("til stegning"). */
const suffixKeys = ['suffix', 'postfix']

/** A key as vocabulary sees it: lower case, no separators ("grouped_ingredients" → "groupedingredients"). */
export const normalKey = (key: string) => key.toLowerCase().replace(/[\s_\-$.]+/g, '')

/** The member under the first of `keys` the object has, with the key it was found under. */
function member(node: SchemaNode, keys: string[]): { key: string; value: JsonValue } | undefined {
  const byKey = new Map(Object.entries(node).map(([key, value]) => [normalKey(key), value] as const))
  for (const key of keys) {
    const value = byKey.get(key)
    if (value !== undefined && value !== null && value !== '') return { key, value }
  }
  return undefined
}

/** A number as recipes print it: "2", "2.5", "⅓" (a third has no short decimal). */
export function amountText(amount: number): string {
  const whole = Math.floor(amount)
  const thirds = Math.round((amount - whole) * 3)
  if (Math.abs(amount - whole - thirds / 3) < 0.005 && thirds % 3 !== 0)
    return `${whole === 0 ? '' : whole}${thirds === 1 ? '⅓' : '⅔'}`
  return String(Math.round(amount * 1000) / 1000)
}

/**
 * A name the state gives as an object of forms ({singular, plural, abbreviation}): the form the amount calls for, or
 * the one a sibling "…inflection" key asks for.
 */
function formOf(value: JsonValue, count: number | undefined, asked: string, preferShort: boolean): string {
  if (!isObject(value)) return cleanLine(value)
  const forms = new Map(Object.entries(value).map(([key, form]) => [normalKey(key), form] as const))
  const pick = (...keys: string[]) => keys.map((key) => cleanLine(forms.get(key))).find((text) => text !== '') ?? ''
  const plural = asked === 'plural' || (asked !== 'singular' && count !== undefined && count > 1)
  const short = preferShort ? pick('abbreviation', 'abbr', 'short', 'symbol') : ''
  if (short !== '') return short
  return plural
    ? pick('nameplural', 'plural', 'name', 'namesingular', 'singular')
    : pick('namesingular', 'singular', 'name', 'nameplural', 'plural')
}

/** The form a sibling key asks for: `ingredient_inflection: "plural"`. */
function askedForm(node: SchemaNode, key: string): string {
  const asked = Object.entries(node).find(([other]) => /^(.*)(?:inflection|form)$/.exec(normalKey(other))?.[1] === key)
  return typeof asked?.[1] === 'string' ? asked[1].toLowerCase() : ''
}

/** Units that only count pieces: "2 stk. gulerod" reads "2 gulerødder", as pages print it. */
const pieceUnit = /^(?:stk|stck|stück|st|pcs?|pieces?|pièces?|piezas?|pz|kpl|szt|ks|stuks?)\.?$/i

/** The number an ingredient's amount holds, when the state gives it as a number. */
export function numericAmount(node: SchemaNode): number | undefined {
  const amount = member(node, amountKeys)?.value
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined
}

/**
 * The ingredient's line: its whole line when the state keeps one, else amount, unit, prefix, name, suffix and note.
 * `scale` turns amounts stored per serving into the recipe's (see servingScale).
 */
export function renderedIngredientLine(node: SchemaNode, scale = 1): string {
  const amount = member(node, amountKeys)
  const stored = numericAmount(node)
  const count = stored === undefined ? undefined : stored * scale
  const amountPart = count !== undefined ? amountText(count) : cleanLine(amount?.value)
  const whole = member(node, lineKeys)
  if (whole && typeof whole.value === 'string') {
    // Some states keep the amount apart from the rest of the line ({quantity: "1 1/2", text: "cups flour"}).
    const line = cleanLine(whole.value)
    const shown =
      amountPart === '' ||
      compactText(line).startsWith(compactText(amountPart)) ||
      startsWithAmount(line, count ?? amountPart)
    return shown ? line : `${amountPart} ${line}`
  }
  const name = member(node, nameKeys)
  if (!name) return ''
  const unitMember = member(node, unitKeys)
  const unit = unitMember ? formOf(unitMember.value, count, askedForm(node, unitMember.key), true) : ''
  const counted = unit === '' || pieceUnit.test(unit)
  return [
    amountPart,
    counted ? '' : unit,
    cleanLine(member(node, ['prefix'])?.value),
    formOf(name.value, counted ? count : undefined, askedForm(node, name.key), false),
    cleanLine(member(node, suffixKeys)?.value),
    bracketedNote(cleanLine(member(node, noteKeys)?.value)),
  ]
    .filter((part) => part !== '')
    .join(' ')
}

/** Keys of a recipe's number of servings. */
const servingsKey =
  /^(?:servings?|servingsize|numberofservings|portions?|portioncount|portionsize|persons|personer|portioner|porsjoner|portionen|personen|couverts|porciones|raciones|porzioni|porcje|annokset)$/

/**
 * What the amounts are multiplied by: the number of servings when the state stores amounts per serving, else 1.
 * Some recipe databases keep amounts for one serving and let the page multiply them. They show it plainly: hardly any
 * amount is whole ("0.25" of an egg, "12.5" g of butter), yet every one is whole times the servings. A recipe stored
 * as a whole has mostly whole amounts, so it is never scaled.
 */
export function servingScale(recipe: SchemaNode, ingredients: SchemaNode[]): number {
  const servings = Object.entries(recipe).find(([key]) => servingsKey.test(normalKey(key)))?.[1]
  if (typeof servings !== 'number' || !Number.isInteger(servings) || servings < 2 || servings > 100) return 1
  const amounts = ingredients.map(numericAmount).filter((amount): amount is number => amount !== undefined)
  const isWhole = (amount: number) => Math.abs(amount - Math.round(amount)) < 0.001
  if (amounts.length < 3 || amounts.filter(isWhole).length * 4 > amounts.length) return 1
  return amounts.every((amount) => isWhole(amount * servings)) ? servings : 1
}
