import { toolEndpoints } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertRecipe } from '../../../test/recipe-rows.js'
import { createTestApp } from '../../../test/test-app.js'
import { households, tools, toolsOnHand } from '../../db/schema/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const group = await testApp.make.group()
  const upstairs = await testApp.make.household({ groupId: group.id, name: 'Upstairs' })
  const downstairs = await testApp.make.household({ groupId: group.id, name: 'Downstairs' })
  const organizer = await testApp.make.user({ householdId: upstairs.id, canOrganize: true })
  const member = await testApp.make.user({ householdId: upstairs.id })
  const neighbour = await testApp.make.user({ householdId: downstairs.id, canOrganize: true })
  const stranger = await testApp.make.user({ canOrganize: true })
  return { ...testApp, upstairs, downstairs, organizer, member, neighbour, stranger }
}

describe('tools', () => {
  it('creates, reads, renames and deletes a tool, answering the deleted tool', async () => {
    const { api, organizer, member } = await kitchen()
    const created = await api.call(toolEndpoints.create, { as: organizer, body: { name: 'Stand Mixer' } })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Stand Mixer',
      slug: 'stand-mixer',
      onHand: false,
      householdsWithTool: [],
    })
    const { id } = created.body as { id: string }
    expect(await api.ok(toolEndpoints.get, { as: member, params: { id } })).toMatchObject({ name: 'Stand Mixer' })
    const renamed = await api.ok(toolEndpoints.update, { as: organizer, params: { id }, body: { name: 'Mixer' } })
    expect(renamed).toMatchObject({ id, name: 'Mixer', slug: 'mixer' })
    expect(await api.ok(toolEndpoints.getBySlug, { as: member, params: { slug: 'mixer' } })).toMatchObject({
      id,
      recipes: [],
    })
    expect(await api.ok(toolEndpoints.remove, { as: organizer, params: { id } })).toMatchObject({ id, name: 'Mixer' })
    expect((await api.call(toolEndpoints.get, { as: member, params: { id } })).status).toBe(404)
  })

  it('keeps on-hand per household: onHand toggles the caller’s household, a slug list replaces the set', async () => {
    const { api, db, organizer, member, neighbour, upstairs, downstairs, stranger } = await kitchen()
    const tool = await api.ok(toolEndpoints.create, { as: organizer, body: { name: 'Wok', onHand: true } })
    expect(tool).toMatchObject({ onHand: true, householdsWithTool: ['upstairs'] })
    // The other household sees it held by Upstairs, not by itself.
    expect(await api.ok(toolEndpoints.get, { as: neighbour, params: { id: tool.id } })).toMatchObject({
      onHand: false,
      householdsWithTool: ['upstairs'],
    })

    // A 2.0 client sends back what it read with onHand flipped: only the caller's household changes.
    const toggled = await api.ok(toolEndpoints.update, {
      as: neighbour,
      params: { id: tool.id },
      body: { name: 'Wok', onHand: true, householdsWithTool: ['upstairs'] },
    })
    expect(toggled).toMatchObject({ onHand: true, householdsWithTool: ['downstairs', 'upstairs'] })

    // A later client edits the slug list and sends the onHand it read: the list decides. Unknown and other groups'
    // slugs are dropped.
    const [strangersHousehold] = await db.select().from(households).where(eq(households.id, stranger.householdId))
    const replaced = await api.ok(toolEndpoints.update, {
      as: organizer,
      params: { id: tool.id },
      body: { name: 'Wok', onHand: true, householdsWithTool: ['downstairs', 'nowhere', strangersHousehold!.slug] },
    })
    expect(replaced).toMatchObject({ onHand: false, householdsWithTool: ['downstairs'] })
    const rows = await db.select().from(toolsOnHand).where(eq(toolsOnHand.toolId, tool.id))
    expect(rows.map((row) => row.householdId)).toEqual([downstairs.id])

    // A rename alone leaves on-hand as it was.
    expect(
      await api.ok(toolEndpoints.update, { as: organizer, params: { id: tool.id }, body: { name: 'Big Wok' } }),
    ).toMatchObject({ householdsWithTool: ['downstairs'] })
    // Lists and filters answer for the caller's household.
    const held = await api.ok(toolEndpoints.list, { as: neighbour, query: { queryFilter: 'on_hand = true' } })
    expect(held.items.map((item) => item.name)).toEqual(['Big Wok'])
    const notHeld = await api.ok(toolEndpoints.list, { as: member, query: { queryFilter: 'onHand = true' } })
    expect(notHeld.items).toEqual([])
    expect(upstairs.id).not.toBe(downstairs.id)
  })

  it('accepts the on-hand fields in snake_case', async () => {
    const { api, app, organizer } = await kitchen()
    const response = await app.inject({
      method: 'POST',
      url: '/api/organizers/tools',
      headers: { authorization: api.authorization(organizer) },
      payload: { name: 'Grater', households_with_tool: ['downstairs'], on_hand: true },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ onHand: true, householdsWithTool: ['downstairs', 'upstairs'] })
  })

  it('refuses every tool write to a member without canOrganize', async () => {
    const { api, db, organizer, member } = await kitchen()
    const tool = await api.ok(toolEndpoints.create, { as: organizer, body: { name: 'Sieve' } })
    expect((await api.call(toolEndpoints.create, { as: member, body: { name: 'Other' } })).status).toBe(403)
    expect(
      (await api.call(toolEndpoints.update, { as: member, params: { id: tool.id }, body: { name: 'X', onHand: true } }))
        .status,
    ).toBe(403)
    expect((await api.call(toolEndpoints.remove, { as: member, params: { id: tool.id } })).status).toBe(403)
    expect(await db.select().from(toolsOnHand)).toEqual([])
    expect((await db.select().from(tools)).map((row) => row.name)).toEqual(['Sieve'])
  })

  it('answers 409 for a taken name and creates one tool when eight requests race for a name', async () => {
    const { api, db, organizer } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call(toolEndpoints.create, { as: organizer, body: { name: 'Blender', onHand: true } }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(409)])
    expect(await db.select().from(tools)).toHaveLength(1)
    expect(await db.select().from(toolsOnHand)).toHaveLength(1)
  })

  it("answers a tool's recipes by slug, with each recipe's tools as the caller sees them", async () => {
    const { api, db, organizer, member } = await kitchen()
    const tool = await api.ok(toolEndpoints.create, { as: organizer, body: { name: 'Dutch Oven', onHand: true } })
    const unused = await api.ok(toolEndpoints.create, { as: organizer, body: { name: 'Spiralizer' } })
    await insertRecipe(db, { ownerId: member.id, name: 'Stew', toolIds: [tool.id] })
    const detail = await api.ok(toolEndpoints.getBySlug, { as: member, params: { slug: 'dutch-oven' } })
    expect(detail.recipes).toHaveLength(1)
    expect(detail.recipes[0]!.tools).toEqual([
      { id: tool.id, name: 'Dutch Oven', slug: 'dutch-oven', onHand: true, householdsWithTool: ['upstairs'] },
    ])
    expect((await api.ok(toolEndpoints.empty, { as: member })).map((item) => item.id)).toEqual([unused.id])
  })

  it("keeps another group's tools out of reach", async () => {
    const { api, organizer, stranger } = await kitchen()
    const foreign = await api.ok(toolEndpoints.create, { as: stranger, body: { name: 'Foreign' } })
    expect((await api.call(toolEndpoints.get, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect(
      (
        await api.call(toolEndpoints.update, {
          as: organizer,
          params: { id: foreign.id },
          body: { name: 'Mine', onHand: true },
        })
      ).status,
    ).toBe(404)
    expect((await api.call(toolEndpoints.remove, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect((await api.ok(toolEndpoints.list, { as: organizer })).items).toEqual([])
  })
})
