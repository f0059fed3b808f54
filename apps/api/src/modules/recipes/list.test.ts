import { listRecipes, patchRecipe } from '@larder/contracts'
import { drizzle } from 'drizzle-orm/postgres-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import * as schema from '../../db/schema/index.js'
import { cookbooks, recipeRatings, recipes } from '../../db/schema/index.js'
import { eq, sql } from 'drizzle-orm'
import { organizerFilter } from './list-spec.js'
import { recipeListPage } from './list.repo.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

describe('GET /api/recipes', () => {
  let testApp: TestApp
  let organizer: User
  let neighbour: User
  let stranger: User
  const ids: Record<string, string> = {}

  const names = (page: { items: Array<{ name: string }> }) => page.items.map((item) => item.name)
  const list = (query: Record<string, unknown>, as: User = organizer) =>
    testApp.api.call(listRecipes, { as, query: query })
  const listed = async (query: Record<string, unknown>, as: User = organizer) => {
    const answer = await list(query, as)
    expect(answer.status, JSON.stringify(query) + JSON.stringify(answer.body)).toBe(200)
    return answer.body as { items: Array<{ name: string; id: string }>; total: number; next: string | null }
  }

  beforeAll(async () => {
    testApp = await createTestApp()
    const { make, api, db } = testApp
    const household = await make.household({ name: 'Home' })
    organizer = await make.user({ householdId: household.id, canOrganize: true })
    const other = await make.household({ groupId: household.groupId, name: 'Next Door' })
    neighbour = await make.user({ householdId: other.id, canOrganize: true })
    stranger = await make.user({ canOrganize: true })
    const define = async (
      owner: User,
      name: string,
      body: Record<string, unknown>,
      row: Record<string, unknown> = {},
    ) => {
      const recipe = await make.recipe({ owner, name, ...row })
      await api.ok(patchRecipe, { as: owner, params: { slug: recipe.slug }, body: body })
      ids[name] = recipe.id
    }
    await define(
      organizer,
      'Pad Thai',
      {
        tags: ['Quick', 'Dinner'],
        recipeCategory: ['Mains'],
        tools: ['Wok'],
        recipeIngredient: [{ food: 'Noodles' }],
        settings: { public: true },
      },
      { rating: 4.5, lastMade: new Date(Date.now() - 40 * 86_400_000), orgUrl: 'https://example.org/pad-thai' },
    )
    await define(
      organizer,
      'Onion Soup',
      {
        tags: ['Dinner'],
        recipeCategory: ['Soups'],
        recipeIngredient: [{ food: 'Onion' }],
        settings: { public: false },
      },
      { rating: 3, lastMade: new Date(Date.now() - 2 * 86_400_000) },
    )
    await define(neighbour, 'Lemon Tart', { tags: ['Dessert'], recipeCategory: ['Sweets'], description: 'Zesty' })
    await define(stranger, 'Secret Stew', { tags: ['Dinner'] })
    await db.insert(recipeRatings).values({ userId: organizer.id, recipeId: ids['Onion Soup']!, rating: 5 })
    await db.insert(cookbooks).values({
      groupId: household.groupId,
      householdId: household.id,
      name: 'Weeknight',
      slug: 'weeknight',
      queryFilterString: 'tags.name CONTAINS ALL ["Quick", "Dinner"]',
    })
  })

  it('lists the whole group’s recipes, other households included, never another group’s', async () => {
    const page = await listed({ orderBy: 'name', orderDirection: 'asc' })
    expect(names(page)).toEqual(['Lemon Tart', 'Onion Soup', 'Pad Thai'])
    expect(page.total).toBe(3)
    const second = await listed({ orderBy: 'name', orderDirection: 'asc', perPage: 1, page: 2 })
    expect(names(second)).toEqual(['Onion Soup'])
    expect(second.next).toContain('page=3')
  })

  it('filters by organizers (ids or slugs; any or all), foods and households', async () => {
    expect(names(await listed({ tags: ['dinner'], orderBy: 'name', orderDirection: 'asc' }))).toEqual([
      'Onion Soup',
      'Pad Thai',
    ])
    expect(names(await listed({ tags: ['quick', 'dinner'], requireAllTags: true }))).toEqual(['Pad Thai'])
    expect(names(await listed({ tags: ['quick', 'dessert'], orderBy: 'name', orderDirection: 'asc' }))).toEqual([
      'Lemon Tart',
      'Pad Thai',
    ])
    expect(names(await listed({ categories: ['soups'] }))).toEqual(['Onion Soup'])
    expect(names(await listed({ tools: ['wok'] }))).toEqual(['Pad Thai'])
    expect(names(await listed({ tags: ['no-such-tag'] }))).toEqual([])
    expect(names(await listed({ households: ['next-door'] }))).toEqual(['Lemon Tart'])
    expect(names(await listed({ households: [neighbour.householdId] }))).toEqual(['Lemon Tart'])
    const foodId = (
      await testApp.sql<
        { id: string }[]
      >`select food_id as id from recipe_ingredients where recipe_id = ${ids['Pad Thai']!}`
    )[0]!.id
    expect(names(await listed({ foods: [foodId] }))).toEqual(['Pad Thai'])
    expect((await list({ foods: ['noodles'] })).status).toBe(422)
  })

  it('names organizers by id in any case, and hands the planner their ids as values rather than a sub-query', async () => {
    const [dinner] = await testApp.sql<{ id: string }[]>`
      select t.id from tags t join recipes r on r.group_id = t.group_id where r.id = ${ids['Pad Thai']!} and t.slug = 'dinner'`
    expect(names(await listed({ tags: [dinner!.id.toUpperCase()], orderBy: 'name', orderDirection: 'asc' }))).toEqual([
      'Onion Soup',
      'Pad Thai',
    ])
    // Behind `array(select …)` PostgreSQL planned for 1,000 recipes whatever the tag (an InitPlan it cannot look
    // into); with the ids as an array value it reads the column's statistics.
    const plan = await testApp.db.execute(
      sql`explain (format json) select id from recipes where ${organizerFilter('tags', [[dinner!.id]], false)}`,
    )
    expect(JSON.stringify(plan)).toContain(dinner!.id)
    expect(JSON.stringify(plan)).not.toContain('InitPlan')
  })

  it('applies a cookbook’s filter by id or slug, ignoring the other filters; an unknown cookbook is 404', async () => {
    expect(names(await listed({ cookbook: 'weeknight', tags: ['dessert'] }))).toEqual(['Pad Thai'])
    expect(names(await listed({ cookbook: 'weeknight', queryFilter: 'rating < 2' }))).toEqual([])
    const unknown = await list({ cookbook: 'nope' })
    expect(unknown.status).toBe(404)
    expect((await list({ cookbook: 'weeknight' }, stranger)).status).toBe(404)
  })

  it('speaks the whole queryFilter grammar over recipes', async () => {
    const filtered = async (queryFilter: string) =>
      names(await listed({ queryFilter, orderBy: 'name', orderDirection: 'asc' })).join(', ')
    expect(await filtered('name = "Pad Thai"')).toBe('Pad Thai')
    expect(await filtered('name <> "Pad Thai"')).toBe('Lemon Tart, Onion Soup')
    expect(await filtered('rating > 3')).toBe('Pad Thai') // the average: the caller's own 5 for Onion Soup only orders
    expect(await filtered('rating >= 4.5 AND rating <= 4.5')).toBe('Pad Thai')
    expect(await filtered('lastMade IS NULL')).toBe('Lemon Tart')
    expect(await filtered('last_made IS NOT NONE')).toBe('Onion Soup, Pad Thai')
    expect(await filtered('lastMade < "$NOW-30d"')).toBe('Pad Thai')
    expect(await filtered('createdAt >= "$NOW-7d"')).toBe('Lemon Tart, Onion Soup, Pad Thai')
    expect(await filtered('tags.name IN ["Dessert", Quick]')).toBe('Lemon Tart, Pad Thai')
    expect(await filtered('recipeCategory.slug NOT IN [mains]')).toBe('Lemon Tart, Onion Soup')
    expect(await filtered('tags.name CONTAINS ALL ["Quick", "Dinner"]')).toBe('Pad Thai')
    expect(await filtered('name LIKE "%Soup%"')).toBe('Onion Soup')
    expect(await filtered('name NOT LIKE "%o%"')).toBe('Pad Thai')
    expect(await filtered('recipeIngredient.food.name = "Onion"')).toBe('Onion Soup')
    expect(await filtered('settings.public = true')).toBe('Pad Thai')
    expect(await filtered('settings.public = false AND settings.locked = false')).toBe('Lemon Tart, Onion Soup')
    expect(await filtered('household.slug = "next-door"')).toBe('Lemon Tart')
    expect(await filtered('household.preferences.privateHousehold = true')).toBe('Lemon Tart, Onion Soup, Pad Thai')
    expect(await filtered(`user.id = "${neighbour.id}"`)).toBe('Lemon Tart')
    expect(await filtered(`ratedBy.id = "${organizer.id}"`)).toBe('Onion Soup')
    expect(await filtered('description IS NOT NONE AND org_url IS NULL')).toBe('Lemon Tart, Onion Soup')
    expect(await filtered('name = "Pad Thai" OR (tags.name = Dessert AND (description = "Zesty" OR rating > 9))')).toBe(
      'Lemon Tart, Pad Thai',
    )
  })

  it('finds the related rows a filter names in the caller’s group only: none, several, or another group’s', async () => {
    const filtered = async (queryFilter: string, as: User = organizer) => {
      const page = await listed({ queryFilter, orderBy: 'name', orderDirection: 'asc' }, as)
      return `${names(page).join(', ')} (${page.total})`
    }
    // A tag only the stranger's group has, and one of the same name in both groups.
    const [stew] = await testApp.sql<{ slug: string }[]>`select slug from recipes where id = ${ids['Secret Stew']!}`
    await testApp.api.ok(patchRecipe, {
      as: stranger,
      params: { slug: stew!.slug },
      body: { tags: ['Dinner', 'Hidden'] },
    })
    expect(await filtered('tags.name = "No such tag"')).toBe(' (0)')
    expect(await filtered('tags.name = Hidden')).toBe(' (0)')
    expect(await filtered('tags.name = Hidden', stranger)).toBe('Secret Stew (1)')
    expect(await filtered('tags.name = Dinner')).toBe('Onion Soup, Pad Thai (2)')
    expect(await filtered('tags.name = Dinner', stranger)).toBe('Secret Stew (1)')
    expect(await filtered('tags.slug IN [dinner, dessert, quick, "no-such-tag"]')).toBe(
      'Lemon Tart, Onion Soup, Pad Thai (3)',
    )
    expect(await filtered('tags.name CONTAINS ALL [Dinner, "No such tag"]')).toBe(' (0)')
    expect(await filtered('tags.name = Hidden OR recipeCategory.name = Soups')).toBe('Onion Soup (1)')
    expect(await filtered('tags.name NOT IN [Dinner] AND tools.name IN [Wok]')).toBe('Pad Thai (1)')
    expect(await filtered('tags.name IS NOT NULL AND recipeCategory.slug <> mains')).toBe('Lemon Tart, Onion Soup (2)')
    // A cookbook's filter and the request's are looked up together.
    expect(names(await listed({ cookbook: 'weeknight', queryFilter: 'tools.name = Wok' }))).toEqual(['Pad Thai'])
    expect(names(await listed({ cookbook: 'weeknight', queryFilter: 'tools.name = Hidden' }))).toEqual([])
  })

  it('hands the page’s statement the related ids as values, found first in one statement; the count keeps its sub-queries', async () => {
    const statements: string[] = []
    const db = drizzle({ client: testApp.sql, schema, logger: { logQuery: (query) => void statements.push(query) } })
    const scope = { groupId: organizer.groupId, householdId: organizer.householdId, userId: organizer.id }
    const page = await recipeListPage(db, scope, {
      queryFilter: 'tags.name IN [Dinner, Quick] AND recipeCategory.slug = mains',
      perPage: 1,
    })
    expect(page.items.map((item) => item.name)).toEqual(['Pad Thai'])
    expect(page.total).toBe(1)
    const [lookup, ...rest] = statements
    expect(lookup).toMatch(/^\(select .* from "tags" .*\) union all \(select .* from "categories" .*\)$/s)
    const pageStatement = rest.find((statement) => statement.startsWith('select "id" from "recipes"'))
    expect(pageStatement).toMatch(/"tag_ids" && \$\d+::uuid\[\]/)
    expect(pageStatement).not.toContain('array(select')
    expect(rest.find((statement) => statement.startsWith('select count(*)'))).toContain('"tag_ids" && array(select')
  })

  it('refuses malformed filters with the position, and attributes outside the allow-list', async () => {
    const unbalanced = await list({ queryFilter: '(name = "x"))' })
    expect(unbalanced.status).toBe(400)
    expect(JSON.stringify(unbalanced.body)).toMatch(/position|parenthes/i)
    for (const queryFilter of [
      'badAttribute = 1',
      'search_document IS NULL',
      'search_name = "x"',
      'group.name = "x"',
      'user.email = "x"',
      'user.password_hash IS NULL',
      'id = "not-a-uuid"',
      'name IS "x"',
      'createdAt LIKE "2023%"',
      'lastMade < "$NOW-30x"',
    ]) {
      expect((await list({ queryFilter })).status, queryFilter).toBe(400)
    }
    expect((await list({ orderBy: 'search_name' })).status).toBe(400)
  })

  it('reads a rating of 0 (a favourite without stars) as no rating of the caller’s: the recipe’s average counts', async () => {
    const { db } = testApp
    const [favourite] = await db
      .insert(recipeRatings)
      .values({ userId: neighbour.id, recipeId: ids['Pad Thai']!, rating: 0, isFavorite: true })
      .returning()
    try {
      const rated = await listed({ queryFilter: 'rating >= 4', orderBy: 'name', orderDirection: 'asc' }, neighbour)
      expect(names(rated)).toEqual(['Pad Thai'])
      const ordered = await listed(
        { orderBy: 'rating', orderDirection: 'desc', orderByNullPosition: 'last' },
        neighbour,
      )
      expect(names(ordered)).toEqual(['Pad Thai', 'Onion Soup', 'Lemon Tart'])
    } finally {
      await db.delete(recipeRatings).where(eq(recipeRatings.id, favourite!.id))
    }
  })

  it('filters on the recipe’s average whoever asks, as Mealie does, the caller’s own rating aside; 0 is none', async () => {
    const { db } = testApp
    const filtered = async (queryFilter: string, caller = organizer) =>
      names(await listed({ queryFilter, orderBy: 'name', orderDirection: 'asc' }, caller)).join(', ')
    // Pad Thai: average 4.5, the organizer's own 2. Onion Soup: average 3, own 5. Lemon Tart: average 0, not rated.
    const [low] = await db
      .insert(recipeRatings)
      .values({ userId: organizer.id, recipeId: ids['Pad Thai']!, rating: 2 })
      .returning()
    await db.update(recipes).set({ rating: 0 }).where(eq(recipes.id, ids['Lemon Tart']!))
    try {
      for (const caller of [organizer, neighbour]) {
        expect(await filtered('rating >= 4', caller)).toBe('Pad Thai')
        expect(await filtered('rating < 3.5', caller)).toBe('Onion Soup')
        expect(await filtered('rating <> 5', caller)).toBe('Onion Soup, Pad Thai')
        expect(await filtered('rating = 3 OR rating = 4.5', caller)).toBe('Onion Soup, Pad Thai')
        expect(await filtered('rating IN [2, 5]', caller)).toBe('')
        expect(await filtered('rating <= 4.5 AND name <> "Onion Soup"', caller)).toBe('Pad Thai')
        expect(await filtered('rating IS NULL', caller)).toBe('Lemon Tart')
      }
      // The order is the caller's own: Onion Soup (own 5) above Pad Thai (own 2) for the organizer.
      const ordered = await listed({ queryFilter: 'rating >= 3', orderBy: 'rating', orderDirection: 'desc' })
      expect(names(ordered)).toEqual(['Onion Soup', 'Pad Thai'])
    } finally {
      await db.delete(recipeRatings).where(eq(recipeRatings.id, low!.id))
      await db.update(recipes).set({ rating: null }).where(eq(recipes.id, ids['Lemon Tart']!))
    }
  })

  it('orders by the caller’s own rating first, nulls where asked, and randomly by seed', async () => {
    expect(names(await listed({ orderBy: 'rating', orderDirection: 'desc', orderByNullPosition: 'last' }))).toEqual([
      'Onion Soup',
      'Pad Thai',
      'Lemon Tart',
    ])
    expect(
      names(await listed({ orderBy: 'rating', orderDirection: 'desc', orderByNullPosition: 'last' }, neighbour)),
    ).toEqual(['Pad Thai', 'Onion Soup', 'Lemon Tart'])
    expect(names(await listed({ orderBy: 'last_made', orderDirection: 'asc', orderByNullPosition: 'first' }))[0]).toBe(
      'Lemon Tart',
    )
    const random = await list({ orderBy: 'random' })
    expect(random.status).toBe(422)
    const seeded = names(await listed({ orderBy: 'random', paginationSeed: 'a' }))
    expect(names(await listed({ orderBy: 'random', paginationSeed: 'a' }))).toEqual(seeded)
    expect([...seeded].sort()).toEqual(['Lemon Tart', 'Onion Soup', 'Pad Thai'])
  })

  it('searches accent- and case-insensitively, with typos and partial words, a name above a mention', async () => {
    const { api, db } = testApp
    await api.ok(patchRecipe, {
      as: organizer,
      params: { slug: 'onion-soup' },
      body: { recipeInstructions: [{ text: 'Serve with a slice of lemon.' }] },
    })
    await db.update(recipes).set({ description: 'Crème fraîche on top' }).where(eq(recipes.id, ids['Lemon Tart']!))
    expect(names(await listed({ search: 'LEMON' }))).toEqual(['Lemon Tart', 'Onion Soup'])
    expect(names(await listed({ search: 'lemn tart' }))[0]).toBe('Lemon Tart')
    // Near misses that pg_trgm's default threshold (0.6) would drop: a missing space (0.55), a dropped letter (0.5).
    expect(names(await listed({ search: 'padthai' }))).toEqual(['Pad Thai'])
    expect(names(await listed({ search: 'thi' }))).toEqual(['Pad Thai'])
    expect(names(await listed({ search: 'onio' }))).toEqual(['Onion Soup'])
    expect(names(await listed({ search: 'noodle' }))).toEqual(['Pad Thai'])
    expect(names(await listed({ search: '"slice of lemon"' }))).toEqual(['Onion Soup'])
    expect(names(await listed({ search: '"lemon slice"' }))).toEqual([])
    // A phrase in the name is found from the head, still with its words in order; beside a word, on the document.
    expect(names(await listed({ search: '"pad thai"' }))).toEqual(['Pad Thai'])
    expect(names(await listed({ search: '"thai pad"' }))).toEqual([])
    expect(names(await listed({ search: '"slice of lemon" soup' }))).toEqual(['Onion Soup'])
    expect(names(await listed({ search: '"slice of lemon" tart' }))).toEqual([])
    expect(names(await listed({ search: 'secret' }))).toEqual([])
    expect(names(await listed({ search: '!!!' })).length).toBe(3)
  })

  it('sends the page as PostgreSQL writes it: JSON.stringify’s bytes, dates in ISO with milliseconds and Z', async () => {
    const { db } = testApp
    // Text to escape (quotes, backslash, control characters), two- and four-byte characters, microseconds to
    // truncate, a day of its own, a rating with many digits.
    await db
      .update(recipes)
      .set({ description: 'Say "hi"\\ tab\there\nnew line \u0001 ’ ☕ 𝄞 \u2028', rating: 10 / 3 })
      .where(eq(recipes.id, ids['Lemon Tart']!))
    // -0 as a literal: as a parameter it is sent as "0".
    await db.execute(sql`update recipes set recipe_yield_quantity = '-0' where id = ${ids['Lemon Tart']!}`)
    await db.execute(sql`update recipes set created_at = '2024-02-29 23:59:59.999999+00',
        last_made = '0999-01-02 03:04:05.0067+00', date_added = '2024-02-29' where id = ${ids['Onion Soup']!}`)
    const answer = await list({ orderBy: 'name', orderDirection: 'asc' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('no-store')
    const text = answer.bytes.toString('utf8')
    expect(text).toBe(JSON.stringify(JSON.parse(text)))
    const page = answer.body as { items: Array<Record<string, unknown>> }
    const byName = new Map(page.items.map((item) => [item.name, item]))
    expect(byName.get('Lemon Tart')).toMatchObject({
      description: 'Say "hi"\\ tab\there\nnew line \u0001 ’ ☕ 𝄞 \u2028',
      rating: 10 / 3,
    })
    expect(byName.get('Onion Soup')).toMatchObject({
      createdAt: '2024-02-29T23:59:59.999Z',
      lastMade: '0999-01-02T03:04:05.006Z',
      dateAdded: '2024-02-29',
    })
    for (const item of page.items) {
      for (const field of ['dateUpdated', 'createdAt', 'updatedAt', 'lastMade']) {
        const value = item[field]
        if (value !== null) expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      }
    }
  })

  it('answers a page with numbers that PostgreSQL writes otherwise than JavaScript as JavaScript writes them', async () => {
    const { db } = testApp
    const soup = eq(recipes.id, ids['Onion Soup']!)
    await db.update(recipes).set({ recipeServings: 1e15, rating: 0.00001 }).where(soup)
    await db.execute(sql`update recipes set recipe_yield_quantity = '-0' where id = ${ids['Onion Soup']!}`)
    const answer = await list({ orderBy: 'name', orderDirection: 'asc' })
    const text = answer.bytes.toString('utf8')
    expect(text).toContain('"recipeServings":1000000000000000,"recipeYieldQuantity":0,')
    expect(text).toContain('"rating":0.00001,')
    expect(text).toBe(JSON.stringify(JSON.parse(text)))
    await db.update(recipes).set({ recipeServings: 4, recipeYieldQuantity: 0, rating: 3 }).where(soup)
  })
})
