import { createFood, createLabel, deleteLabel, getFood, getLabel, listLabels, updateLabel } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { labels } from '../../db/schema/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const organizer = await testApp.make.user({ householdId: household.id, canOrganize: true })
  const member = await testApp.make.user({ householdId: household.id })
  const stranger = await testApp.make.user({ canOrganize: true })
  return { ...testApp, organizer, member, stranger }
}

describe('labels', () => {
  it('creates a label with 200 and the default colour, replaces and deletes it', async () => {
    const { api, organizer, member } = await kitchen()
    const created = await api.call(createLabel, { as: organizer, body: { name: 'Produce' } })
    expect(created.status).toBe(200)
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Produce',
      color: '#959595',
      groupId: organizer.groupId,
    })
    const { id } = created.body as { id: string }
    // Mealie's PUT carries id and groupId; neither moves the label.
    const replaced = await api.ok(updateLabel, {
      as: organizer,
      params: { id },
      body: { name: 'Fruit & Veg', color: '#00aa00', id: crypto.randomUUID(), groupId: crypto.randomUUID() },
    })
    expect(replaced).toEqual({ id, name: 'Fruit & Veg', color: '#00aa00', groupId: organizer.groupId })
    expect(await api.ok(getLabel, { as: member, params: { id } })).toEqual(replaced)
    expect(await api.ok(deleteLabel, { as: organizer, params: { id } })).toEqual(replaced)
    expect((await api.call(getLabel, { as: member, params: { id } })).status).toBe(404)
  })

  it('refuses a colour that is not a hex colour', async () => {
    const { api, organizer } = await kitchen()
    expect((await api.call(createLabel, { as: organizer, body: { name: 'Odd', color: 'red' } })).status).toBe(422)
  })

  it('takes the label off its foods when it is deleted', async () => {
    const { api, organizer, member } = await kitchen()
    const label = await api.ok(createLabel, { as: organizer, body: { name: 'Dairy' } })
    const food = await api.ok(createFood, { as: organizer, body: { name: 'Milk', labelId: label.id } })
    await api.ok(deleteLabel, { as: organizer, params: { id: label.id } })
    expect(await api.ok(getFood, { as: member, params: { id: food.id } })).toMatchObject({ labelId: null, label: null })
  })

  it('refuses every label write to a member without canOrganize', async () => {
    const { api, db, organizer, member } = await kitchen()
    const label = await api.ok(createLabel, { as: organizer, body: { name: 'Keep' } })
    expect((await api.call(createLabel, { as: member, body: { name: 'New' } })).status).toBe(403)
    expect(
      (await api.call(updateLabel, { as: member, params: { id: label.id }, body: { name: 'Changed' } })).status,
    ).toBe(403)
    expect((await api.call(deleteLabel, { as: member, params: { id: label.id } })).status).toBe(403)
    expect((await db.select().from(labels)).map((row) => row.name)).toEqual(['Keep'])
  })

  it('answers 409 for a taken name and creates one label when eight requests race for a name', async () => {
    const { api, db, organizer, stranger } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.call(createLabel, { as: organizer, body: { name: 'Frozen' } })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(7).fill(409)])
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      detail: { message: 'A label with this name already exists' },
    })
    expect(await db.select().from(labels)).toHaveLength(1)
    expect((await api.call(createLabel, { as: stranger, body: { name: 'Frozen' } })).status).toBe(200)
  })

  it("lists the group's labels with search and filters, and keeps other groups' labels out of reach", async () => {
    const { api, organizer, member, stranger } = await kitchen()
    await api.ok(createLabel, { as: organizer, body: { name: 'Épices', color: '#aa0000' } })
    await api.ok(createLabel, { as: organizer, body: { name: 'Snacks' } })
    const foreign = await api.ok(createLabel, { as: stranger, body: { name: 'Epicerie' } })
    const names = async (query: Record<string, string>) =>
      (await api.ok(listLabels, { as: member, query })).items.map((item) => item.name)
    expect(await names({ search: 'epi' })).toEqual(['Épices'])
    expect(await names({ queryFilter: 'color = "#959595"' })).toEqual(['Snacks'])
    expect(await names({ orderBy: 'color', orderDirection: 'asc' })).toEqual(['Snacks', 'Épices'])
    expect((await api.call(listLabels, { as: member, query: { queryFilter: 'foods.name = x' } })).status).toBe(400)
    expect((await api.call(getLabel, { as: member, params: { id: foreign.id } })).status).toBe(404)
    expect(
      (await api.call(updateLabel, { as: organizer, params: { id: foreign.id }, body: { name: 'Mine' } })).status,
    ).toBe(404)
    expect((await api.call(deleteLabel, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
  })
})
