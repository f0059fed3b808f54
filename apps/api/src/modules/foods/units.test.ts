import { createUnit, deleteUnit, getUnit, listUnits, mergeUnits, updateUnit } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { ingredientsOf, insertRecipe } from '../../../test/recipe-rows.js'
import { createTestApp } from '../../../test/test-app.js'
import { unitAliases, units } from '../../db/schema/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const organizer = await testApp.make.user({ householdId: household.id, canOrganize: true })
  const member = await testApp.make.user({ householdId: household.id })
  const stranger = await testApp.make.user({ canOrganize: true })
  return { ...testApp, organizer, member, stranger }
}

describe('units', () => {
  it('creates a unit with defaults, replaces it whole and deletes it', async () => {
    const { api, organizer, member } = await kitchen()
    const created = await api.call(createUnit, { as: organizer, body: { name: 'teaspoon', abbreviation: 'tsp' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'teaspoon',
      pluralName: null,
      description: '',
      extras: {},
      fraction: true,
      abbreviation: 'tsp',
      pluralAbbreviation: '',
      useAbbreviation: false,
      aliases: [],
    })
    const { id } = created.body as { id: string }
    const replaced = await api.ok(updateUnit, {
      as: organizer,
      params: { id },
      body: {
        name: 'Teaspoon',
        pluralName: 'Teaspoons',
        fraction: false,
        useAbbreviation: true,
        aliases: [{ name: 't' }],
      },
    })
    expect(replaced).toMatchObject({
      id,
      name: 'Teaspoon',
      pluralName: 'Teaspoons',
      abbreviation: '',
      fraction: false,
      useAbbreviation: true,
      aliases: [{ name: 't' }],
    })
    expect(await api.ok(getUnit, { as: member, params: { id } })).toEqual(replaced)
    expect(await api.ok(deleteUnit, { as: organizer, params: { id } })).toMatchObject({ id, name: 'Teaspoon' })
    expect((await api.call(getUnit, { as: member, params: { id } })).status).toBe(404)
  })

  it('accepts snake_case fields', async () => {
    const { api, app, organizer } = await kitchen()
    const response = await app.inject({
      method: 'POST',
      url: '/api/units',
      headers: { authorization: api.authorization(organizer) },
      payload: { name: 'pound', plural_name: 'pounds', plural_abbreviation: 'lbs', use_abbreviation: true },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ pluralName: 'pounds', pluralAbbreviation: 'lbs', useAbbreviation: true })
  })

  it('refuses every unit write to a member without canOrganize', async () => {
    const { api, db, organizer, member } = await kitchen()
    const cup = await api.ok(createUnit, { as: organizer, body: { name: 'cup' } })
    const mug = await api.ok(createUnit, { as: organizer, body: { name: 'mug' } })
    expect((await api.call(createUnit, { as: member, body: { name: 'pint' } })).status).toBe(403)
    expect((await api.call(updateUnit, { as: member, params: { id: cup.id }, body: { name: 'x' } })).status).toBe(403)
    expect((await api.call(deleteUnit, { as: member, params: { id: cup.id } })).status).toBe(403)
    expect((await api.call(mergeUnits, { as: member, body: { fromUnit: mug.id, toUnit: cup.id } })).status).toBe(403)
    expect((await db.select().from(units)).map((row) => row.name).sort()).toEqual(['cup', 'mug'])
  })

  it('answers 409 for a taken name and creates one unit when eight requests race for a name', async () => {
    const { api, db, organizer } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call(createUnit, { as: organizer, body: { name: 'gram', aliases: [{ name: 'gr' }] } }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(409)])
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      detail: { message: 'A unit with this name already exists' },
    })
    expect(await db.select().from(units)).toHaveLength(1)
    expect(await db.select().from(unitAliases)).toHaveLength(1)
  })

  it('searches name, plural and abbreviations, accents and case folded', async () => {
    const { api, organizer, member } = await kitchen()
    await api.ok(createUnit, { as: organizer, body: { name: 'cuillère à café', abbreviation: 'cc' } })
    await api.ok(createUnit, { as: organizer, body: { name: 'pound', pluralAbbreviation: 'lbs' } })
    await api.ok(createUnit, { as: organizer, body: { name: 'liter', pluralName: 'litres', useAbbreviation: true } })
    const names = async (query: Record<string, string>) =>
      (await api.ok(listUnits, { as: member, query })).items.map((item) => item.name)
    expect(await names({ search: 'CUILLERE' })).toEqual(['cuillère à café'])
    expect(await names({ search: 'LBS' })).toEqual(['pound'])
    expect(await names({ search: 'litres' })).toEqual(['liter'])
    expect(await names({ queryFilter: 'useAbbreviation = true' })).toEqual(['liter'])
    expect(await names({ orderBy: 'name', orderDirection: 'asc' })).toEqual(['cuillère à café', 'liter', 'pound'])
  })

  it("merges one unit into another across the group's recipes and refuses merges into itself or across groups", async () => {
    const { api, db, organizer, member, stranger } = await kitchen()
    const tbsp = await api.ok(createUnit, { as: organizer, body: { name: 'tbsp' } })
    const tablespoon = await api.ok(createUnit, { as: organizer, body: { name: 'tablespoon' } })
    const recipe = await insertRecipe(db, { ownerId: member.id, ingredients: [{ unitId: tbsp.id }, { unitId: null }] })
    const merged = await api.call(mergeUnits, { as: organizer, body: { fromUnit: tbsp.id, toUnit: tablespoon.id } })
    expect(merged.status).toBe(200)
    expect(merged.body).toEqual({ message: 'Successfully merged units', error: false })
    expect((await ingredientsOf(db, recipe.id)).map((line) => line.unitId)).toEqual([tablespoon.id, null])
    expect((await api.call(getUnit, { as: member, params: { id: tbsp.id } })).status).toBe(404)

    const itself = await api.call(mergeUnits, {
      as: organizer,
      body: { fromUnit: tablespoon.id, toUnit: tablespoon.id },
    })
    expect(itself.status).toBe(400)
    const foreign = await api.ok(createUnit, { as: stranger, body: { name: 'theirs' } })
    expect(
      (await api.call(mergeUnits, { as: organizer, body: { fromUnit: tablespoon.id, toUnit: foreign.id } })).status,
    ).toBe(404)
    expect((await api.ok(getUnit, { as: member, params: { id: tablespoon.id } })).name).toBe('tablespoon')
  })

  it("keeps another group's units out of reach", async () => {
    const { api, organizer, stranger } = await kitchen()
    const foreign = await api.ok(createUnit, { as: stranger, body: { name: 'foreign' } })
    expect((await api.call(getUnit, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect(
      (await api.call(updateUnit, { as: organizer, params: { id: foreign.id }, body: { name: 'mine' } })).status,
    ).toBe(404)
    expect((await api.call(deleteUnit, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect((await api.ok(listUnits, { as: organizer })).items).toEqual([])
  })
})
