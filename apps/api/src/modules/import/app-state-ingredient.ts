import { bracketedNote } from './ingredient-groups.js'
import type { JsonValue } from './lenient-json.js'
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

const vulgarFractions: Array<[number, string]> = [
  [0.25, '¼'],
  [1 / 3, '⅓'],
  [0.5, '½'],
  [2 / 3, '⅔'],
  [0.75, '¾'],
]

/** A number as recipes print it: "2", "1½", "0.4". */
export function amountText(amount: number): string {
  const whole = Math.floor(amount)
  const fraction = amount - whole
  if (fraction < 0.001) return String(whole)
  const vulgar = vulgarFractions.find(([value]) => Math.abs(value - fraction) < 0.01)
  if (vulgar) return `${whole === 0 ? '' : whole}${vulgar[1]}`
  return String(Math.round(amount * 100) / 100)
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

/** The ingredient's line: its whole line when the state keeps one, else amount, unit, prefix, name, suffix and note. */
export function renderedIngredientLine(node: SchemaNode): string {
  const whole = member(node, lineKeys)
  if (whole && typeof whole.value === 'string') return cleanLine(whole.value)
  const name = member(node, nameKeys)
  if (!name) return ''
  const amount = member(node, amountKeys)
  const count = typeof amount?.value === 'number' ? amount.value : undefined
  const unit = member(node, unitKeys)
  return [
    count !== undefined ? amountText(count) : cleanLine(amount?.value),
    unit ? formOf(unit.value, count, askedForm(node, unit.key), true) : '',
    cleanLine(member(node, ['prefix'])?.value),
    formOf(name.value, unit ? undefined : count, askedForm(node, name.key), false),
    cleanLine(member(node, suffixKeys)?.value),
    bracketedNote(cleanLine(member(node, noteKeys)?.value)),
  ]
    .filter((part) => part !== '')
    .join(' ')
}
