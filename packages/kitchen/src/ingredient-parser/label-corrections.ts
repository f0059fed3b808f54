import type { LabelledToken } from './parsed-line.js'
import { featureWord } from './features.js'
import { numberWordValue } from './tokenise.js'
import { canonicalUnitName, isUnitWord, partitiveWords } from './unit-vocabulary.js'

/**
 * Corrections of the model's labels that hold on any source: what a line writes in a way the corpus seldom does
 * (hedged amounts, "juice of", alternative descriptions, sizes hyphened onto their unit, compound sizes, how a measure
 * is filled, packaging before the food, clauses after it) is read the way the corpus labels it. Applied in place, in
 * this order: the food's start is found once the words before it are settled, so that a size found first lets the
 * packaging after it be seen, and a clause is looked for only after the food has begun.
 */
export function correctLabels(items: LabelledToken[]) {
  labelLeadingHedges(items)
  labelHedges(items)
  labelPartsOf(items)
  labelAlternativeModifiers(items)
  labelHyphenedSizes(items)
  labelLeadingSizes(items)
  labelLeadingPackaging(items)
  labelTrailingClauses(items)
  labelPartitives(items)
}

/**
 * A partitive between the unit and the food ("2 cloves of garlic") belongs to no part: the display puts the unit
 * before the food anyway. Read as a note, it showed as "2 cloves garlic of".
 */
export function labelPartitives(items: LabelledToken[]) {
  for (let index = 1; index + 1 < items.length; index++) {
    const item = items[index]!
    if (!partitiveWords.has(item.token.text.toLowerCase())) continue
    if (items[index - 1]!.label !== 'UNIT' || items[index + 1]!.label !== 'NAME') continue
    item.label = 'OTHER'
  }
}

/** Whether two neighbouring tokens touch, with no space between ("15" and "-" of "15-ounce"). */
const touching = (left: LabelledToken | undefined, right: LabelledToken | undefined) =>
  left !== undefined && right !== undefined && left.token.end === right.token.start

const isCount = (item: LabelledToken | undefined) =>
  item !== undefined && (item.token.kind === 'amount' || numberWordValue(item.token.text) !== null)

/**
 * An amount hyphened onto its unit after a count ("One 15-ounce can", "2 28-ounce cans", "Six 10-inch tortillas") is
 * the size of each thing counted: the count is the quantity and "15-ounce" an amount, never the food. The corpus the
 * model learnt from seldom writes sizes this way, so it has read "15" as the start of the food.
 */
export function labelHyphenedSizes(items: LabelledToken[]) {
  for (let index = 1; index + 2 < items.length; index++) {
    const amount = items[index]!
    const hyphen = items[index + 1]!
    const unit = items[index + 2]!
    if (amount.token.kind !== 'amount' || hyphen.token.text !== '-' || !isUnitWord(unit.token.text)) continue
    if (!touching(amount, hyphen) || !touching(hyphen, unit) || !isCount(items[index - 1])) continue
    items[index - 1]!.label = 'QTY'
    amount.label = 'QTY'
    hyphen.label = 'PUNC'
    unit.label = 'UNIT'
  }
}

/** Sizes that never start a food's name: "good" and "thick" do ("good-quality olive oil", "thick cream"). */
const countedSizes = new Set(['small', 'medium', 'large', 'big', 'extra-large', 'jumbo', 'tiny'])
/** How a measure is filled or added to: "packed brown sugar", "sifted cake flour", "additional sugar". */
const measureWords = new Set(['packed', 'sifted', 'unsifted', 'heaping', 'heaped', 'level', 'scant', 'additional'])
/** Adverbs that go with those: "firmly packed", "very large". */
const measureAdverbs = new Set(['firmly', 'lightly', 'loosely', 'tightly', 'well', 'very', 'extra'])

const isCountedSize = (item: LabelledToken) =>
  item.token.kind === 'word' && (countedSizes.has(featureWord(item.token)) || /.-sized?$/i.test(item.token.text))
const isMeasureWord = (item: LabelledToken) => measureWords.has(item.token.text.toLowerCase())
const isSizeSuffix = (item: LabelledToken | undefined) => item !== undefined && /^sized?$/i.test(item.token.text)

/** How many tokens from `index` describe the size or the measure ("very large", "firmly packed", "large sized"). */
function leadingDescription(items: readonly LabelledToken[], index: number): number {
  const item = items[index]!
  if (item.label !== 'NAME') return 0
  if (measureAdverbs.has(item.token.text.toLowerCase())) {
    const next = items[index + 1]
    return next && next.label === 'NAME' && (isCountedSize(next) || isMeasureWord(next)) ? 2 : 0
  }
  if (isMeasureWord(item)) return 1
  if (!isCountedSize(item)) return 0
  return isSizeSuffix(items[index + 1]) && items[index + 1]!.label === 'NAME' ? 2 : 1
}

/**
 * Size and measure words at the start of the food ("medium-size onions", "lg eggs", "large sized potatoes",
 * "good-sized carrots", "firmly packed brown sugar", "sifted cake flour") say how big each one is or how the
 * measure is filled, so they join the note, as the corpus labels them where the model has seen the word. The food
 * keeps at least one word.
 */
export function labelLeadingSizes(items: LabelledToken[]) {
  const first = items.findIndex((item) => item.label === 'NAME')
  if (first < 0) return
  let end = first
  for (let length = leadingDescription(items, end); length > 0; length = leadingDescription(items, end)) end += length
  if (end === first || !items.slice(end).some((item) => item.label === 'NAME')) return
  for (let index = first; index < end; index++) items[index]!.label = isMeasureWord(items[index]!) ? 'PREP' : 'SIZE'
}

/** The units a count is made in: packaging, pieces and measures, not parts that name a food ("fillet", "leaf"). */
const countingUnits = new Set([
  ...['can', 'tin', 'jar', 'package', 'bag', 'box', 'carton', 'bottle', 'sleeve', 'tube', 'pouch', 'block'],
  ...['container', 'envelope', 'punnet', 'piece', 'bunch', 'handful', 'knob', 'pinch', 'dash', 'splash'],
  ...['teaspoon', 'tablespoon', 'cup', 'fluid ounce', 'millilitre', 'litre', 'gram', 'kilogram', 'ounce'],
  ...['pound', 'pint', 'quart', 'inch', 'centimetre'],
])
/** Spellings of those units that start foods' names: "gram flour", "bouquet garni", "pot barley". */
const namesLikeUnits = new Set(['gram', 'bouquet', 'pot'])

/**
 * A packaging or piece word starting the food right after the amount ("One 15-ounce can tomatoes", "1 (14 oz) can
 * beans", "2 large jars honey", "2in ginger") is how the quantity is counted, so it is the unit. "In" and "can" count
 * only where nothing else can be meant: touching the number, or after the amount's own unit or parentheses.
 */
export function labelLeadingPackaging(items: LabelledToken[]) {
  const first = items.findIndex((item) => item.label === 'NAME')
  if (first < 1 || !items.slice(first + 1).some((item) => item.label === 'NAME')) return
  const word = items[first]!
  const before = items[first - 1]!
  if (word.token.kind !== 'word' || !countingUnits.has(canonicalUnitName(word.token.text) ?? '')) return
  if (namesLikeUnits.has(word.token.text.toLowerCase())) return
  const afterAmount =
    before.label === 'QTY' || before.label === 'UNIT' || before.label === 'SIZE' || before.token.text === ')'
  if (!afterAmount) return
  const ambiguous = !isUnitWord(word.token.text)
  if (ambiguous && before.label === 'QTY' && !touching(before, word)) return
  word.label = 'UNIT'
}

/** Words that hedge an amount written after them: "Scant ¼ teaspoon", "Generous 2 cups", "About 3 tablespoons". */
const leadingHedgeWords = new Set([
  'scant',
  'heaping',
  'heaped',
  'generous',
  'good',
  'about',
  'approximately',
  'approx',
])

/**
 * A hedge that starts the line before its amount ("Scant ¼ teaspoon salt") says how full the measure is: it is the
 * note, the amount is the quantity and a unit word after it the unit. The corpus writes hedges after the amount, so
 * the model read "Scant" as the unit and left the line with no quantity.
 */
export function labelLeadingHedges(items: LabelledToken[]) {
  const start = isCount(items[0]) && items[0]!.token.kind === 'word' ? 1 : 0
  const hedge = items[start]
  if (!hedge || hedge.token.kind !== 'word' || !leadingHedgeWords.has(hedge.token.text.toLowerCase())) return
  const amount = items[start + 1]?.token.kind === 'amount' ? items[start + 1] : undefined
  const unit = items[start + (amount ? 2 : 1)]
  const unitFollows = unit !== undefined && isUnitWord(unit.token.text)
  // "Generous pinch ground cloves", "a heaping cup flour": the hedge of a unit written without a number.
  if (!amount && !unitFollows) return
  hedge.label = 'COMMENT'
  if (start === 1) items[0]!.label = 'QTY'
  if (amount) amount.label = 'QTY'
  if (unitFollows) unit.label = 'UNIT'
}

const isOr = (item: LabelledToken | undefined) => item !== undefined && item.token.text.toLowerCase() === 'or'

/** Words after "or" that hedge the amount rather than name another food ("or more", "or so", "or to taste"). */
const hedgeWords = new Set(['more', 'less', 'so', 'two', 'three', 'thereabouts', 'taste', 'needed', 'desired'])

/**
 * "¼ cup or more Madeira", "2 tbsp or so honey", "a glug or two whisky", "vinegar or to taste": the "or" and its
 * hedge join the note, and never start an alternative food.
 */
export function labelHedges(items: LabelledToken[]) {
  for (let index = 0; index + 1 < items.length; index++) {
    if (!isOr(items[index])) continue
    const next = items[index + 1]!
    const word = next.token.text.toLowerCase()
    const hedge =
      hedgeWords.has(word) ||
      ((word === 'to' || word === 'as') && hedgeWords.has(items[index + 2]?.token.text.toLowerCase() ?? ''))
    if (!hedge) continue
    const end = word === 'to' || word === 'as' ? index + 3 : index + 2
    for (let position = index; position < end; position++) items[position]!.label = 'COMMENT'
  }
}

const modifierLabels = new Set(['SIZE', 'PREP', 'COMMENT'])

/**
 * "2 extra-large or jumbo eggs", "¼ cup sliced or slivered almonds": "or" between two words that describe the food
 * offers another description, so the word after it is read as the one before it is, and the food stays "eggs".
 */
export function labelAlternativeModifiers(items: LabelledToken[]) {
  for (let index = 1; index + 2 < items.length; index++) {
    const before = items[index - 1]!
    if (!isOr(items[index]) || !modifierLabels.has(before.label)) continue
    const [modifier, food] = [items[index + 1]!, items[index + 2]!]
    if (items[index]!.label !== 'NAME' || modifier.label !== 'NAME' || food.label !== 'NAME') continue
    items[index]!.label = before.label
    modifier.label = before.label
  }
}

/**
 * Words that start a clause about the food rather than continue its name: examples ("such as", "like", "e.g."), a
 * purpose ("for brushing", "to taste", "as needed"), a state ("at room temperature"), what was done or is to be done
 * with it ("mixed with", "dissolved in", "cut into", "used for", "seasoned with") and hedges ("preferably", "either").
 */
const clauseStarts = new Set([
  ...['such', 'like', 'e.g', 'eg', 'e.g.', 'i.e', 'ie', 'for', 'to', 'as', 'at', 'preferably', 'either', 'plus'],
  ...['including', 'about', 'approximately', 'enough', 'divided', 'if', 'optional'],
])
/** Participles that start a clause only with their preposition: "mixed with" does, "mixed spice" and "cut ham" do not. */
const clauseParticiples = new Set(['mixed', 'dissolved', 'made', 'used', 'cut', 'dredged', 'seasoned', 'beaten'])
const clausePrepositions = new Set(['with', 'in', 'into', 'from', 'up', 'for', 'by', 'on'])

function startsClause(items: readonly LabelledToken[], index: number): boolean {
  const word = items[index]!.token.text.toLowerCase()
  const next = items[index + 1]?.token.text.toLowerCase()
  if (next === undefined) return false
  if (clauseStarts.has(word)) return true
  return clauseParticiples.has(word) && clausePrepositions.has(next)
}

/** Words that make the clause word part of a name: "ready to roll icing", "easy to cook rice". */
const nameBeforeClauseWord = new Set(['ready', 'easy'])

/**
 * A clause after the food ("milk for brushing", "butter at room temperature", "coffee dissolved in 2 tbsp water",
 * "herbs such as parsley, chives") is the note, not more food: from the clause's first word on, the words the model
 * read as food join the note. Only after the food has begun, so a line that starts "Juice of…" is left alone.
 */
export function labelTrailingClauses(items: LabelledToken[]) {
  let foodWords = 0
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!
    if (foodWords > 0 && item.token.kind === 'word' && startsClause(items, index)) {
      const before = items[index - 1]!
      if (nameBeforeClauseWord.has(before.token.text.toLowerCase())) continue
      if (before.label !== 'NAME' && before.token.text !== ',') continue
      for (let rest = index; rest < items.length; rest++)
        if (items[rest]!.label === 'NAME') items[rest]!.label = 'COMMENT'
      return
    }
    if (item.label === 'NAME') foodWords++
  }
}

/** The parts of a fruit a line may take "of" it, and the words that say how they are taken. */
const fruitParts = new Set(['juice', 'zest', 'peel', 'rind'])
const partWords = new Set([...fruitParts, 'and', 'grated', 'finely', 'freshly', 'squeezed', 'the'])

/**
 * "Juice of 2 lemons", "Finely grated zest and juice of 1 orange": the fruit is the food and the part taken of it
 * is the note, as both corpora label it; the model, which has seen few such lines, made "Juice lemons" of them.
 */
export function labelPartsOf(items: LabelledToken[]) {
  const start = items.findIndex(
    (item) => item.token.kind !== 'punctuation' && item.label !== 'QTY' && item.label !== 'UNIT',
  )
  if (start < 0) return
  let index = start
  let parts = 0
  while (index < items.length && partWords.has(items[index]!.token.text.toLowerCase())) {
    if (fruitParts.has(items[index]!.token.text.toLowerCase())) parts++
    index++
  }
  const of = items[index]
  if (!parts || of?.token.text.toLowerCase() !== 'of') return
  if (!items.slice(index + 1).some((item) => item.label === 'NAME')) return
  for (let position = start; position <= index; position++) items[position]!.label = 'PREP'
}
