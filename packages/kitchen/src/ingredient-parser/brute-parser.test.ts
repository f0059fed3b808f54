import { describe, expect, it } from 'vitest'
import { parseIngredientBrute } from './brute-parser.js'

const brute = (line: string, units: string[] = []) =>
  parseIngredientBrute(line, { isUnit: (word) => units.includes(word.toLowerCase()) })

describe("Mealie's brute parser", () => {
  it.each([
    ['1 theelepel koffie', 1, 'theelepel', 'koffie', ''],
    ['20 eetlepels bloem', 20, 'eetlepels', 'bloem', ''],
    ['1 snuf(je) zout', 1, 'snuf(je)', 'zout', ''],
    ['2 tbsp minced cilantro, leaves and stems', 2, 'tbsp', 'minced cilantro', 'leaves and stems'],
    ['1 large yellow onion, coarsely chopped', 1, 'large', 'yellow onion', 'coarsely chopped'],
    ['1 1/2 tsp garam masala', 1.5, 'tsp', 'garam masala', ''],
    ['2½ cups flour', 2.5, 'cups', 'flour', ''],
    ['1,5 l milk', 1.5, 'l', 'milk', ''],
    ['2-3 cloves garlic', 2, 'cloves', 'garlic', '2-3'],
    ['3 eggs, beaten', 3, '', 'eggs', 'beaten'],
    ['2 cups (500 ml) water, warm', 2, 'cups', 'water, warm', '500 ml'],
    ['1 (15 oz) can black beans', 1, '(15', 'oz) can black beans', ''],
    ['1 (15 ounce) can beans', 1, 'can', 'beans', '15 ounce'],
  ])('reads %s', (line, quantity, unit, food, note) => {
    expect(brute(line)).toEqual({ quantity, unit, food, note })
  })

  it('glues a unit written against the number', () => {
    expect(brute('100g butter')).toMatchObject({ quantity: 100, unit: 'g', food: 'butter' })
  })

  it("finds the unit among the first words of a line without an amount, from the group's units", () => {
    expect(brute('a stalk bell peppers, cut in pieces', ['stalk'])).toEqual({
      quantity: 0,
      unit: 'stalk',
      food: 'bell peppers',
      note: 'cut in pieces',
    })
    expect(brute('bell peppers, cut in pieces', ['stalk'])).toEqual({
      quantity: 0,
      unit: '',
      food: 'bell peppers',
      note: 'cut in pieces',
    })
  })

  it('never throws', () => {
    for (const input of ['', ' ', 'x', '1/0 cup', '((( )))', null, 7])
      expect(() => parseIngredientBrute(input)).not.toThrow()
    expect(parseIngredientBrute('salt')).toEqual({ quantity: 0, unit: '', food: 'salt', note: '' })
  })
})
