import { createFood, createUnit } from '@larder/contracts'
import { canonicalUnitName } from '@larder/kitchen/ingredient-parser'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { units as unitRows } from '../../db/schema/index.js'
import { seedCatalogues } from '../foods/index.js'
import { importedUnit, recipeLanguageOf } from './imported-units.js'
import { parseAndMatchIngredients } from './index.js'
import { createMatcher } from './matching.js'
import { loadGroupVocabulary } from './repo.js'

/** The id of a matched unit or food; none for one the group lacks, which comes back by name. */
const idOf = (reference: { name: string } | null) =>
  reference && 'id' in reference ? (reference as { id: string }).id : undefined

/** A group that already holds units and foods written one way, and lines that write them another. */
async function pantry() {
  const testApp = await createTestApp()
  const cook = await testApp.make.user({ canOrganize: true })
  const unit = (body: { name: string; pluralName?: string; abbreviation?: string }) =>
    testApp.api.ok(createUnit, { as: cook, body })
  const food = (name: string) => testApp.api.ok(createFood, { as: cook, body: { name } })
  const units = {
    cup: await unit({ name: 'cup' }),
    tbsp: await unit({ name: 'Tbsp' }),
    clove: await unit({ name: 'Clove' }),
    frenchSpoon: await unit({ name: 'c.s' }),
  }
  const foods = { sugar: await food('sugar'), radish: await food('radish'), creme: await food('crème fraîche') }
  const parse = async (line: string) => (await parseAndMatchIngredients(testApp.db, cook.groupId, [line]))[0]!
  /** Each line beside the id of the unit or food it was matched to, all lines parsed at once. */
  const matchedIds = async (table: Array<[string, string]>, part: 'unit' | 'food') => {
    const parsed = await parseAndMatchIngredients(
      testApp.db,
      cook.groupId,
      table.map(([line]) => line),
    )
    return table.map(([line], index) => [line, idOf(parsed[index]![part])])
  }
  return { ...testApp, cook, units, foods, parse, matchedIds }
}

describe('importing lines into a group that has the units and foods written otherwise', () => {
  it('matches units ignoring case and plural, and a seeded spelling of the same unit', async () => {
    const { units, matchedIds } = await pantry()
    const table: Array<[string, string]> = [
      ['2 cups flour', units.cup.id],
      ['1 Cup milk', units.cup.id],
      ['1 CUPS water', units.cup.id],
      ['1 tbsp oil', units.tbsp.id],
      ['2 Tbsp butter', units.tbsp.id],
      ['2 tablespoons olive oil', units.tbsp.id],
      ['3 cloves garlic', units.clove.id],
      ['1 clove garlic', units.clove.id],
    ]
    expect(await matchedIds(table, 'unit')).toEqual(table)
  })

  it('matches foods ignoring case, accents and plural', async () => {
    const { foods, matchedIds } = await pantry()
    const table: Array<[string, string]> = [
      ['1 cup Sugar', foods.sugar.id],
      ['2 tbsp SUGAR', foods.sugar.id],
      ['4 radishes', foods.radish.id],
      ['1 radish', foods.radish.id],
      ['100 ml creme fraiche', foods.creme.id],
      ['50 ml Crème Fraîche', foods.creme.id],
    ]
    expect(await matchedIds(table, 'food')).toEqual(table)
  })

  it("never takes another language's unit for an English line: tablespoons are not the French c.s", async () => {
    const { db, cook, units, parse } = await pantry()
    // Without the group's Tbsp, the only tablespoon it has is the French one.
    await db.delete(unitRows).where(eq(unitRows.id, units.tbsp.id))
    const parsed = await parse('2 tablespoons olive oil')
    expect(parsed.unit).toEqual({ name: 'tablespoon' })
    // A French recipe's c.s stays the group's c.s.
    const french = await parseAndMatchIngredients(db, cook.groupId, [
      '2 c.s huile d’olive',
      '200 g de farine',
      '1 oignon',
    ])
    expect(idOf(french[0]!.unit)).toBe(units.frenchSpoon.id)
  })

  it('names a unit the group lacks as the seed list of the recipe language does, with its plural', async () => {
    const { parse } = await pantry()
    expect((await parse('2 teaspoons salt')).unit).toEqual({ name: 'teaspoon' })
    expect((await parse('1 tsp salt')).unit).toEqual({ name: 'teaspoon' })
    expect((await parse('1 pinch pepper')).unit).toEqual({ name: 'pinch' })
  })

  it('makes no unit of words that are none, and keeps them in the note', async () => {
    const { db, cook } = await pantry()
    const matcher = createMatcher(await loadGroupVocabulary(db, cook.groupId, null), canonicalUnitName)
    const english = (await seedCatalogues())[0]!
    for (const words of ['small-to-medium cloves', 'cm piece', 'large', 'medium', 'large handfuls', 'oz Bag'])
      expect([words, importedUnit(words, matcher, english)]).toEqual([words, { unit: null, notAUnit: words }])
  })

  it('tells the recipe language from the words its lines use', async () => {
    const catalogues = await seedCatalogues()
    const language = (units: string[], foods: string[]) => recipeLanguageOf(catalogues, { units, foods }).locale
    expect(language(['cups', 'tbsp'], ['flour', 'sugar'])).toBe('en-US')
    expect(language(['cuillères à soupe', 'g'], ['farine', 'sucre'])).toBe('fr-FR')
    expect(language(['EL', 'g'], ['Mehl', 'Zucker'])).toBe('de-DE')
  })
})
