import { describe, expect, it } from 'vitest'
import { parseIngredientLine, parseIngredientLines } from './parse-ingredient.js'
import { assembleIngredient } from './assemble.js'
import { correctLabels } from './label-corrections.js'
import type { Label } from './sequence-model.js'
import { sureConfidence } from './sure-confidence.js'
import { tokenise } from './tokenise.js'
import { canonicalUnitName } from './unit-vocabulary.js'

const parse = (line: string) => parseIngredientLine(line)

/** The parse of a line labelled by hand, as a model that never saw its kind of line labelled it, once corrected. */
function labelled(line: string, labels: Label[]) {
  const items = tokenise(line).map((token, index) => ({ token, label: labels[index]!, confidence: 0.9 }))
  correctLabels(items)
  return assembleIngredient(line, items)
}
const unitOf = (line: string) => canonicalUnitName(parse(line).unit)

describe('the ingredient parser', () => {
  it('reads unicode, ASCII and mixed fractions as numbers', () => {
    expect(parse('½ cup all-purpose flour')).toMatchObject({ quantity: 0.5, unit: 'cup', food: 'all-purpose flour' })
    expect(parse('1/8 cup sugar').quantity).toBe(0.125)
    expect(parse('1 1/2 teaspoons ground black pepper').quantity).toBe(1.5)
    expect(parse('1 ½ teaspoons ground black pepper').quantity).toBe(1.5)
    expect(parse('2½ cups milk').quantity).toBe(2.5)
    expect(parse('⅔ cup unsweetened flaked coconut').quantity).toBeCloseTo(0.667, 3)
  })

  it('reads the "(s)" sites print after a unit or a food as its plural, never as a word of the food', () => {
    expect(parse('1 cup(s) oat milk')).toMatchObject({ quantity: 1, food: 'oat milk', note: '' })
    expect(unitOf('3 tablespoon(s) tahini')).toBe('tablespoon')
    expect(parse('3 tablespoon(s) tahini').food).toBe('tahini')
    expect(parse('4 shallot(s)')).toMatchObject({ quantity: 4, food: 'shallots' })
    expect(parse('2 tomato(es), diced').food).toBe('tomatoes')
    // The line as written is kept for the person to see.
    expect(parse('3 tablespoon(s) tahini').input).toBe('3 tablespoon(s) tahini')
  })

  it('leaves the "of" between a unit and its food out of the note, and is still sure of the line', () => {
    const line = parse('3 cloves of garlic, crushed')
    expect(line).toMatchObject({ quantity: 3, food: 'garlic', note: 'crushed' })
    expect(unitOf('3 cloves of garlic, crushed')).toBe('clove')
    expect(parse('1 pinch of sea salt')).toMatchObject({ food: 'sea salt', note: '', sure: true })
    expect(labelled('2 cups of rice', ['QTY', 'UNIT', 'COMMENT', 'NAME'])).toMatchObject({ food: 'rice', note: '' })
  })

  it('reads ranges written with a hyphen or "to" as quantity and quantity2', () => {
    expect(parse('2-3 cloves garlic, crushed')).toMatchObject({ quantity: 2, quantity2: 3, food: 'garlic' })
    expect(unitOf('2-3 cloves garlic, crushed')).toBe('clove')
    expect(parse('2 to 3 tablespoons olive oil')).toMatchObject({ quantity: 2, quantity2: 3, food: 'olive oil' })
  })

  it('reads "2 or 3" as a range, and a range whose first amount carries a dash before "to" as one', () => {
    expect(parse('2 or 3 pears')).toMatchObject({ quantity: 2, quantity2: 3, food: 'pears' })
    // Read apart, this gave the food "13 coconut milk" and the unit "ounce can".
    expect(parse('One 13- to 14-ounce can coconut milk')).toMatchObject({ quantity: 1, food: 'coconut milk' })
    expect(unitOf('One 13- to 14-ounce can coconut milk')).toBe('can')
    // "or" between an amount and a word still offers an alternative.
    expect(parse('1 cup milk or 2 tablespoons cream').quantity2).toBeNull()
  })

  it('reads a hedge before the amount as the note, not as the unit', () => {
    expect(parse('Scant ¼ teaspoon salt')).toMatchObject({ quantity: 0.25, food: 'salt', note: 'Scant' })
    expect(unitOf('Scant ¼ teaspoon salt')).toBe('teaspoon')
    expect(parse('Generous 2 cups flour')).toMatchObject({ quantity: 2, food: 'flour' })
  })

  it('knows "cloves" the spice as a food, not only as garlic\'s unit', () => {
    expect(parse('¼ teaspoon ground cloves').food).toBe('ground cloves')
  })

  it('knows units by their aliases', () => {
    expect(unitOf('2 Tbsp. olive oil')).toBe('tablespoon')
    expect(unitOf('1 tsp salt')).toBe('teaspoon')
    expect(unitOf('200 gr flour')).toBe('gram')
    expect(unitOf('300ml/10fl oz milk')).toBe('millilitre')
    expect(canonicalUnitName('fl oz')).toBe('fluid ounce')
    expect(canonicalUnitName('T')).toBe('tablespoon')
    expect(canonicalUnitName('c.à.s.')).toBe('tablespoon')
    expect(canonicalUnitName('EL')).toBe('tablespoon')
  })

  it('reads every amount of "150g/5½oz", the first one being the quantity', () => {
    const parsed = parse('150g/5½oz canned chickpeas, drained and rinsed')
    expect(parsed).toMatchObject({ quantity: 150, unit: 'g', food: 'canned chickpeas', note: 'drained and rinsed' })
    expect(parsed.amounts.slice(0, 2)).toEqual([
      { quantity: 150, quantity2: null, unit: 'g' },
      { quantity: 5.5, quantity2: null, unit: 'oz' },
    ])
  })

  it('never gives the first quantity a unit that another amount owns, and keeps that amount in the note', () => {
    expect(parse('12 medium-sized (100g, about 1 cup) button mushrooms')).toMatchObject({
      quantity: 12,
      unit: null,
      food: 'button mushrooms',
      note: 'medium-sized, 100g, about 1 cup',
    })
    expect(parse('8 x 450g live lobsters')).toMatchObject({ quantity: 8, unit: null, food: 'live lobsters' })
    expect(parse('8 x 450g live lobsters').note).toContain('450g')
  })

  it('takes the unit after a parenthesised size as the unit of the first quantity', () => {
    expect(parse('2 (14.5 oz) cans diced tomatoes')).toMatchObject({ quantity: 2, unit: 'cans', note: '14.5 oz' })
    expect(parse('1 (15 ounce) can black beans')).toMatchObject({ quantity: 1, unit: 'can', food: 'black beans' })
  })

  it('keeps a word hyphened onto a number whole in the note and the food', () => {
    expect(parse('2 (10-ounce) bags baby spinach')).toMatchObject({ unit: 'bags', note: '10-ounce' })
    expect(parse('1 lb potatoes, cut into 1-inch cubes').note).toBe('cut into 1-inch cubes')
  })

  it('counts in the unit after a size hyphened onto its own unit, and keeps the size in the note', () => {
    expect(parse('One 15-ounce can black beans')).toMatchObject({
      quantity: 1,
      unit: 'can',
      food: 'black beans',
      note: '15-ounce',
    })
    expect(parse('2 28-ounce cans crushed tomatoes')).toMatchObject({ quantity: 2, unit: 'cans', note: '28-ounce' })
    expect(parse('Six 10-inch flour tortillas')).toMatchObject({ quantity: 6, unit: null, note: '10-inch' })
    // First in the line, it is the quantity and unit themselves.
    expect(parse('2-inch piece ginger')).toMatchObject({ quantity: 2, unit: 'inch piece', food: 'ginger' })
  })

  it('keeps a conversion after a slash among the amounts, out of the note', () => {
    expect(parse('500ml/18fl oz venison jus')).toMatchObject({ quantity: 500, unit: 'ml', note: '' })
  })

  it('is never sure of a parse that leaves a word of the line out', () => {
    const labelled = (line: string, labels: Label[]) =>
      assembleIngredient(
        line,
        tokenise(line).map((token, index) => ({ token, label: labels[index]!, confidence: 0.999 })),
      )
    expect(labelled('2 cups flour', ['QTY', 'UNIT', 'NAME'])).toMatchObject({ unit: 'cups', sure: true })
    const parsed = labelled('2 cups flour', ['QTY', 'OTHER', 'NAME'])
    expect(parsed).toMatchObject({ quantity: 2, unit: null, food: 'flour', note: '', sure: false })
    expect(parsed.confidence.average).toBeLessThan(sureConfidence)
    expect(labelled('8 x 450g lobsters', ['QTY', 'OTHER', 'QTY', 'UNIT', 'NAME']).sure).toBe(true)
  })

  it('rates a plain line sure', () => {
    expect(parse('1 cup all-purpose flour')).toMatchObject({ sure: true })
    expect(parse('1 cup all-purpose flour').confidence.average).toBeGreaterThanOrEqual(sureConfidence)
  })

  it('reads shortened size words as sizes, not as the food', () => {
    expect(parse('2 lg eggs')).toMatchObject({ quantity: 2, food: 'eggs', note: 'lg' })
    expect(parse('1 med onion, chopped')).toMatchObject({ food: 'onion', note: 'med, chopped' })
    expect(parse('3 sm potatoes')).toMatchObject({ food: 'potatoes', note: 'sm' })
    expect(parse('1 md zucchini')).toMatchObject({ food: 'zucchini', note: 'md' })
  })

  it('reads sizes written as compounds or in two words as sizes, not as the food', () => {
    expect(parse('3 medium-size onions, sliced')).toMatchObject({ food: 'onions', note: 'medium-size, sliced' })
    expect(parse('1 medium-large eggplant')).toMatchObject({ food: 'eggplant', note: 'medium-large' })
    expect(parse('2 good-sized carrots')).toMatchObject({ food: 'carrots', note: 'good-sized' })
    expect(parse('2 large sized baking potatoes')).toMatchObject({ food: 'baking potatoes', note: 'large sized' })
    expect(parse('4 jumbo shrimp, peeled')).toMatchObject({ food: 'shrimp', note: 'jumbo, peeled' })
    expect(parse('3 extra large eggs')).toMatchObject({ food: 'eggs', note: 'extra large' })
    // A size that is all the line says of the food stays the food; "good" and "thick" are part of some names.
    expect(parse('thick cream').food).toBe('thick cream')
  })

  it('reads how a measure is filled ("firmly packed", "sifted") as the note, not the food', () => {
    expect(parse('1 cup firmly packed light brown sugar')).toMatchObject({
      food: 'light brown sugar',
      note: 'firmly packed',
    })
    expect(parse('2 cups sifted cake flour')).toMatchObject({ food: 'cake flour', note: 'sifted' })
    // As a model that never saw cups filled this way labels them: all food.
    expect(
      labelled('1 cup firmly packed light brown sugar', ['QTY', 'UNIT', 'NAME', 'NAME', 'NAME', 'NAME', 'NAME']),
    ).toMatchObject({ food: 'light brown sugar', note: 'firmly packed' })
    expect(labelled('2 cups sifted cake flour', ['QTY', 'UNIT', 'NAME', 'NAME', 'NAME'])).toMatchObject({
      food: 'cake flour',
      note: 'sifted',
    })
    expect(labelled('3 extra large eggs', ['QTY', 'NAME', 'NAME', 'NAME'])).toMatchObject({
      food: 'eggs',
      note: 'extra large',
    })
  })

  it('reads packaging words as the unit, not as the food', () => {
    expect(parse('2 sleeves saltine crackers')).toMatchObject({ unit: 'sleeves', food: 'saltine crackers' })
    expect(parse('1 block firm tofu')).toMatchObject({ unit: 'block', food: 'firm tofu' })
  })

  it('reads a packaging or measure word that starts the food after the amount as the unit', () => {
    expect(labelled('1 (14 oz) can chickpeas', ['QTY', 'PUNC', 'QTY', 'UNIT', 'PUNC', 'NAME', 'NAME'])).toMatchObject({
      quantity: 1,
      unit: 'can',
      food: 'chickpeas',
      note: '14 oz',
    })
    expect(labelled('2 large jars honey', ['QTY', 'SIZE', 'NAME', 'NAME'])).toMatchObject({
      unit: 'jars',
      food: 'honey',
    })
    expect(labelled('2in ginger root', ['QTY', 'NAME', 'NAME', 'NAME'])).toMatchObject({
      unit: 'in',
      food: 'ginger root',
    })
    // Words of the vocabulary that start a food's name stay in it, as does "in" apart from its number.
    expect(labelled('100g gram flour', ['QTY', 'UNIT', 'NAME', 'NAME']).food).toBe('gram flour')
    expect(labelled('4 leaf gelatine sheets', ['QTY', 'NAME', 'NAME', 'NAME']).food).toBe('leaf gelatine sheets')
    expect(labelled('2 in season plums', ['QTY', 'NAME', 'NAME', 'NAME']).food).toBe('in season plums')
  })

  it('puts an alternative in the note, and keeps "or" that names one food', () => {
    expect(parse('2 spring onions or a small leek')).toMatchObject({ food: 'spring onions', note: 'or a small leek' })
    expect(parse('1 tbsp pimenton (or smoked paprika)')).toMatchObject({
      food: 'pimenton',
      note: 'or smoked paprika',
    })
    expect(parse('4 fresh dill stems, or 1 teaspoon dried')).toMatchObject({ food: 'fresh dill stems' })
    expect(parse('1 tablespoon safflower or vegetable oil').food).toBe('safflower or vegetable oil')
  })

  it('reads an amount hyphened onto its unit after a count as the size of each, never as the food', () => {
    // Labels as a model that never saw this way of writing sizes gave them ("12" taken as the start of the food).
    expect(
      labelled('One 12-ounce jar roasted peppers', ['OTHER', 'NAME', 'PUNC', 'UNIT', 'UNIT', 'NAME', 'NAME']),
    ).toMatchObject({ quantity: 1, food: 'roasted peppers' })
    expect(labelled('3 8-inch corn tortillas', ['OTHER', 'NAME', 'PUNC', 'UNIT', 'NAME', 'NAME'])).toMatchObject({
      quantity: 3,
      food: 'corn tortillas',
    })
    // Not after a count, it is the quantity itself.
    expect(labelled('2-inch piece ginger', ['QTY', 'PUNC', 'UNIT', 'UNIT', 'NAME'])).toMatchObject({
      quantity: 2,
      food: 'ginger',
    })
  })

  it('names a food in every line with words, but is not sure of one the model left without', () => {
    for (const line of ['3 tbsp warmed, strained marmalade', '2 large, very ripe pears']) {
      const parsed = parse(line)
      expect(parsed.food).toMatch(/marmalade|pears/)
      expect(parsed.sure).toBe(false)
    }
  })

  it('is not sure of a line that offers another food, so that a person picks the one to link', () => {
    expect(parse('2 slices sourdough or other crusty bread')).toMatchObject({ food: 'sourdough', sure: false })
    expect(parse('4 ounces orzo or other small pasta').sure).toBe(false)
    expect(parse('1 tablespoon safflower or vegetable oil').sure).toBe(true)
  })

  it('offers the rest of a list that ends in ", or" as alternatives to its first food', () => {
    expect(parse('1 pound ground beef, pork, or lamb')).toMatchObject({ food: 'ground beef', note: 'pork, or lamb' })
    expect(parse('salt, pepper, or seasoning salt')).toMatchObject({ food: 'salt' })
  })

  it('keeps a hedged amount ("or more", "or so", "or to taste") out of the food', () => {
    expect(parse('¼ cup or more dry sherry')).toMatchObject({ quantity: 0.25, food: 'dry sherry', note: 'or more' })
    expect(parse('2 tbsp or so maple syrup')).toMatchObject({ food: 'maple syrup', note: 'or so' })
    expect(labelled('1 glug or two brandy', ['QTY', 'UNIT', 'NAME', 'NAME', 'NAME'])).toMatchObject({
      food: 'brandy',
      note: 'or two',
    })
  })

  it('reads a description offered with "or" before the food as the note', () => {
    expect(labelled('2 extra-large or jumbo eggs', ['QTY', 'SIZE', 'NAME', 'NAME', 'NAME'])).toMatchObject({
      food: 'eggs',
      note: 'extra-large or jumbo',
    })
    expect(labelled('½ cup chopped or sliced walnuts', ['QTY', 'UNIT', 'PREP', 'NAME', 'NAME', 'NAME'])).toMatchObject({
      food: 'walnuts',
      note: 'chopped or sliced',
    })
    expect(parse('2 extra-large or jumbo eggs')).toMatchObject({ food: 'eggs' })
  })

  it('ends the food where a clause about it begins', () => {
    expect(parse('2 tbsp milk for brushing')).toMatchObject({ food: 'milk', note: 'for brushing' })
    expect(parse('4 oz goat cheese at room temperature')).toMatchObject({
      food: 'goat cheese',
      note: 'at room temperature',
    })
    expect(parse('1 tsp instant espresso dissolved in 1 tbsp hot water')).toMatchObject({
      food: 'instant espresso',
      note: 'dissolved in 1 tbsp hot water',
    })
    expect(parse('1 tbsp cornflour mixed with 2 tbsp cold water').food).toBe('cornflour')
    expect(parse('1 cup soft herbs such as dill, chervil and mint')).toMatchObject({
      food: 'soft herbs',
      note: 'such as dill, chervil and mint',
    })
    // A participle that is part of the name stays: it starts a clause only with its preposition.
    expect(parse('225g mixed dried fruit').food).toBe('mixed dried fruit')
    expect(parse('2 tsp ground mixed spice').food).toBe('ground mixed spice')
    expect(parse('ready to roll icing').food).toBe('ready to roll icing')
  })

  it('takes the fruit as the food of "juice of", "zest of" and the part taken as the note', () => {
    expect(parse('Juice of 2 lemons')).toMatchObject({ quantity: 2, food: 'lemons', note: 'Juice of' })
    expect(parse('Finely grated zest and juice of 1 orange')).toMatchObject({
      food: 'orange',
      note: 'Finely grated zest and juice of',
    })
    expect(parse('2 tsp grated rind of lemon')).toMatchObject({ unit: 'tsp', food: 'lemon' })
  })

  it('reads decimal commas and decimal points', () => {
    expect(parse('1,5 kg potatoes')).toMatchObject({ quantity: 1.5, food: 'potatoes' })
    expect(parse('0.5 l milk').quantity).toBe(0.5)
  })

  it('keeps what parentheses say in the note', () => {
    const parsed = parse('2 tablespoons minced scallions (white and tender green parts)')
    expect(parsed).toMatchObject({ quantity: 2, food: 'scallions' })
    expect(parsed.note).toContain('white and tender green parts')
  })

  it('gives the food of a line without an amount, and the purpose in the note', () => {
    expect(parse('olive oil, for shallow frying')).toMatchObject({
      quantity: null,
      unit: null,
      food: 'olive oil',
      note: 'for shallow frying',
    })
  })

  it('reads Dutch, German and French lines', () => {
    expect(parse('2 eetlepels olijfolie')).toMatchObject({ quantity: 2, food: 'olijfolie' })
    expect(unitOf('2 eetlepels olijfolie')).toBe('tablespoon')
    expect(unitOf('1 theelepel zout')).toBe('teaspoon')
    expect(parse('200 g Mehl')).toMatchObject({ quantity: 200, unit: 'g', food: 'Mehl' })
    expect(unitOf('2 EL Olivenöl')).toBe('tablespoon')
    expect(unitOf('1 TL Salz')).toBe('teaspoon')
    expect(unitOf('1 c.à.s. de sucre')).toBe('tablespoon')
    expect(unitOf('2 cuillères à soupe de farine')).toBe('tablespoon')
    expect(parse('250 g de beurre')).toMatchObject({ quantity: 250, unit: 'g' })
  })

  it('takes a line ending in a colon as a section heading', () => {
    expect(parse('For the sauce:')).toMatchObject({ title: 'For the sauce', food: null, quantity: null })
  })

  it('never throws, whatever it is given', () => {
    for (const input of [
      '',
      '   ',
      '(((',
      '—',
      '1/0 cup',
      '∞∞∞',
      '\u0000',
      '<b>1 cup</b> flour',
      'x'.repeat(5000),
      null,
      42,
      undefined,
    ]) {
      const parsed = parseIngredientLine(input)
      expect(parsed.confidence).toBeDefined()
    }
    expect(parse('').food).toBeNull()
    expect(parse('<b>1 cup</b> flour')).toMatchObject({ quantity: 1, unit: 'cup', food: 'flour' })
  })

  it('answers one parse per line, in order, with confidences between 0 and 1', () => {
    const parsed = parseIngredientLines(['1 cup flour', '2 eggs', 'salt'])
    expect(parsed.map((line) => line.food)).toEqual(['flour', 'eggs', 'salt'])
    for (const line of parsed) {
      for (const value of Object.values(line.confidence)) if (value !== null) expect(value).toBeGreaterThan(0)
      expect(line.confidence.average).toBeLessThanOrEqual(1)
    }
  })
})
