import { categoryEndpoints, tagEndpoints } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertRecipe } from '../../../test/recipe-rows.js'
import { createTestApp } from '../../../test/test-app.js'
import { categories, recipeCategories, recipes, recipeTags, tags } from '../../db/schema/index.js'

const kinds = [
  { noun: 'category', endpoints: categoryEndpoints, table: categories, linksOf: 'categoryIds' as const },
  { noun: 'tag', endpoints: tagEndpoints, table: tags, linksOf: 'tagIds' as const },
]

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const organizer = await testApp.make.user({ householdId: household.id, canOrganize: true })
  const member = await testApp.make.user({ householdId: household.id })
  const stranger = await testApp.make.user({ canOrganize: true })
  return { ...testApp, household, organizer, member, stranger }
}

describe.each(kinds)('$noun endpoints', ({ noun, endpoints, table, linksOf }) => {
  it(`creates, reads, renames (re-slugging) and deletes a ${noun}`, async () => {
    const { api, organizer, member } = await kitchen()
    const created = await api.call(endpoints.create, { as: organizer, body: { name: '  Crème Brûlée Night ' } })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Crème Brûlée Night',
      slug: 'creme-brulee-night',
      groupId: organizer.groupId,
    })
    const { id } = created.body as { id: string }

    expect(await api.ok(endpoints.get, { as: member, params: { id } })).toEqual({
      id,
      name: 'Crème Brûlée Night',
      slug: 'creme-brulee-night',
    })
    const renamed = await api.ok(endpoints.update, { as: organizer, params: { id }, body: { name: 'Weeknight' } })
    expect(renamed).toEqual({ id, name: 'Weeknight', slug: 'weeknight' })
    expect((await api.call(endpoints.getBySlug, { as: member, params: { slug: 'creme-brulee-night' } })).status).toBe(
      404,
    )
    expect(await api.ok(endpoints.getBySlug, { as: member, params: { slug: 'weeknight' } })).toMatchObject({
      id,
      recipes: [],
    })

    const removed = await api.ok(endpoints.remove, { as: organizer, params: { id } })
    expect(removed).toEqual({ id, name: 'Weeknight', slug: 'weeknight' })
    expect((await api.call(endpoints.get, { as: member, params: { id } })).status).toBe(404)
    expect((await api.call(endpoints.remove, { as: organizer, params: { id } })).status).toBe(404)
  })

  it(`refuses every ${noun} write to a member without canOrganize, and writes nothing`, async () => {
    const { api, db, organizer, member } = await kitchen()
    const { id } = await api.ok(endpoints.create, { as: organizer, body: { name: 'Keep' } })
    expect((await api.call(endpoints.create, { as: member, body: { name: 'New' } })).status).toBe(403)
    expect((await api.call(endpoints.update, { as: member, params: { id }, body: { name: 'Changed' } })).status).toBe(
      403,
    )
    expect((await api.call(endpoints.remove, { as: member, params: { id } })).status).toBe(403)
    const rows = await db.select().from(table).where(eq(table.groupId, organizer.groupId))
    expect(rows.map((row) => row.name)).toEqual(['Keep'])
  })

  it(`answers 409 for a ${noun} name or slug already taken in the group, and allows it in another group`, async () => {
    const { api, organizer, stranger } = await kitchen()
    const { id } = await api.ok(endpoints.create, { as: organizer, body: { name: 'Dinner' } })
    const duplicate = await api.call(endpoints.create, { as: organizer, body: { name: 'Dinner' } })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body).toMatchObject({ detail: { message: `A ${noun} with this name already exists` } })
    // "dinner!" is another name with the same slug.
    expect((await api.call(endpoints.create, { as: organizer, body: { name: 'dinner!' } })).status).toBe(409)
    const other = await api.ok(endpoints.create, { as: organizer, body: { name: 'Lunch' } })
    expect(
      (await api.call(endpoints.update, { as: organizer, params: { id: other.id }, body: { name: 'Dinner' } })).status,
    ).toBe(409)
    // Renaming to its own name is no clash.
    expect((await api.call(endpoints.update, { as: organizer, params: { id }, body: { name: 'Dinner' } })).status).toBe(
      200,
    )
    expect((await api.call(endpoints.create, { as: stranger, body: { name: 'Dinner' } })).status).toBe(201)
  })

  it(`creates one ${noun} when eight requests race for one name`, async () => {
    const { api, db, organizer } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.call(endpoints.create, { as: organizer, body: { name: 'Race' } })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(409)])
    expect(await db.select().from(table).where(eq(table.groupId, organizer.groupId))).toHaveLength(1)
  })

  it(`keeps another group's ${noun}s out of reach`, async () => {
    const { api, organizer, stranger } = await kitchen()
    const foreign = await api.ok(endpoints.create, { as: stranger, body: { name: 'Secret' } })
    expect((await api.call(endpoints.get, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    expect((await api.call(endpoints.getBySlug, { as: organizer, params: { slug: 'secret' } })).status).toBe(404)
    expect(
      (await api.call(endpoints.update, { as: organizer, params: { id: foreign.id }, body: { name: 'Mine' } })).status,
    ).toBe(404)
    expect((await api.call(endpoints.remove, { as: organizer, params: { id: foreign.id } })).status).toBe(404)
    const page = await api.ok(endpoints.list, { as: organizer })
    expect(page.items).toEqual([])
    expect(await api.ok(endpoints.empty, { as: organizer })).toEqual([])
  })

  it(`lists ${noun}s with search, filters and order`, async () => {
    const { api, organizer, member } = await kitchen()
    for (const name of ['Pâtisserie', 'Pasta', 'Soup']) {
      await api.ok(endpoints.create, { as: organizer, body: { name } })
    }
    const byName = await api.ok(endpoints.list, { as: member, query: { orderBy: 'name', orderDirection: 'asc' } })
    expect(byName.items.map((item) => item.name)).toEqual(['Pasta', 'Pâtisserie', 'Soup'])
    expect(byName).toMatchObject({ total: 3, total_pages: 1, page: 1 })

    const searched = await api.ok(endpoints.list, { as: member, query: { search: 'PATIS' } })
    expect(searched.items.map((item) => item.name)).toEqual(['Pâtisserie'])

    const filtered = await api.ok(endpoints.list, {
      as: member,
      query: { queryFilter: 'slug LIKE "pa%"', orderBy: 'slug:desc' },
    })
    expect(filtered.items.map((item) => item.slug)).toEqual(['patisserie', 'pasta'])

    const paged = await api.ok(endpoints.list, {
      as: member,
      query: { perPage: 2, page: 2, orderBy: 'name', orderDirection: 'asc' },
    })
    expect(paged.items.map((item) => item.name)).toEqual(['Soup'])
    expect(paged.previous).toContain('page=1')

    for (const hidden of ['group_id IS NULL', 'created_at IS NULL', 'recipes.name = x']) {
      expect((await api.call(endpoints.list, { as: member, query: { queryFilter: hidden } })).status).toBe(400)
    }
  })

  it(`answers a ${noun} by slug with the group's recipes that carry it, and deleting it leaves the recipes`, async () => {
    const { api, db, organizer, member, household, make } = await kitchen()
    const neighbour = await make.user({ householdId: (await make.household({ groupId: household.groupId })).id })
    const { id } = await api.ok(endpoints.create, { as: organizer, body: { name: 'Cozy' } })
    const other = await api.ok(endpoints.create, { as: organizer, body: { name: 'Other' } })
    const soup = await insertRecipe(db, { ownerId: member.id, name: 'Soup', [linksOf]: [id, other.id] })
    const bread = await insertRecipe(db, { ownerId: neighbour.id, name: 'Bread', [linksOf]: [id] })
    await insertRecipe(db, { ownerId: member.id, name: 'Salad' })
    // A link no endpoint can make: another group's recipe carrying this group's organizer stays out of the answer.
    await insertRecipe(db, { ownerId: (await make.user()).id, name: 'Foreign', [linksOf]: [id] })

    const detail = await api.ok(endpoints.getBySlug, { as: member, params: { slug: 'cozy' } })
    expect(detail.recipes.map((recipe) => recipe.name)).toEqual(['Bread', 'Soup'])
    const soupSummary = detail.recipes.find((recipe) => recipe.id === soup.id)!
    expect(soupSummary).toMatchObject({
      slug: 'soup',
      userId: member.id,
      householdId: member.householdId,
      groupId: member.groupId,
      orgURL: null,
    })
    const carried = noun === 'category' ? soupSummary.recipeCategory : soupSummary.tags
    expect(carried.map((item) => item.name)).toEqual(['Cozy', 'Other'])

    expect((await api.ok(endpoints.empty, { as: member })).map((item) => item.name)).toEqual([])
    await api.ok(endpoints.remove, { as: organizer, params: { id: other.id } })
    await api.ok(endpoints.remove, { as: organizer, params: { id } })
    const links = noun === 'category' ? recipeCategories : recipeTags
    expect(await db.select().from(links)).toEqual([])
    expect((await db.select().from(recipes)).map((recipe) => recipe.id).sort()).toEqual(
      expect.arrayContaining([soup.id, bread.id]),
    )
  })

  it(`lists the ${noun}s no recipe uses`, async () => {
    const { api, db, organizer, member } = await kitchen()
    const used = await api.ok(endpoints.create, { as: organizer, body: { name: 'Used' } })
    await api.ok(endpoints.create, { as: organizer, body: { name: 'Unused' } })
    await insertRecipe(db, { ownerId: member.id, [linksOf]: [used.id] })
    expect((await api.ok(endpoints.empty, { as: member })).map((item) => item.name)).toEqual(['Unused'])
  })
})
