import {
  createCookbook,
  deleteCookbook,
  getCookbook,
  listCookbooks,
  updateCookbook,
  updateCookbooks,
} from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { cookbooks, recipeTags, tags } from '../../db/schema/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id })
  const mate = await testApp.make.user({ householdId: household.id })
  const neighbourHousehold = await testApp.make.household({ groupId: household.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHousehold.id })
  const stranger = await testApp.make.user()
  return { ...testApp, household, cook, mate, neighbour, stranger }
}

const rowsOf = (testApp: { db: Awaited<ReturnType<typeof createTestApp>>['db'] }, groupId: string) =>
  testApp.db.select().from(cookbooks).where(eq(cookbooks.groupId, groupId))

describe('cookbooks', () => {
  it('creates, reads by id and slug, lists, replaces and deletes a cookbook; any member writes', async () => {
    const { api, cook, mate } = await kitchen()
    const created = await api.call(createCookbook, {
      as: cook,
      body: { name: '  Weeknight Dinners ', description: 'Fast', queryFilterString: 'tags.name IN [Quick]' },
    })
    expect(created.status).toBe(201)
    const book = created.body as Exclude<typeof created.body, { detail: unknown }>
    expect(book).toEqual({
      id: expect.any(String),
      name: 'Weeknight Dinners',
      description: 'Fast',
      slug: 'weeknight-dinners',
      position: 1,
      public: false,
      queryFilterString: 'tags.name IN [Quick]',
      groupId: cook.groupId,
      householdId: cook.householdId,
      queryFilter: {
        parts: [
          {
            leftParenthesis: null,
            rightParenthesis: null,
            logicalOperator: null,
            attributeName: 'tags.name',
            relationalOperator: 'IN',
            value: ['Quick'],
          },
        ],
      },
    })
    expect(await api.ok(getCookbook, { as: mate, params: { id: 'weeknight-dinners' } })).toMatchObject({
      id: book.id,
      recipes: [],
    })
    const listed = await api.ok(listCookbooks, { as: mate, query: { orderBy: 'position', orderDirection: 'asc' } })
    expect(listed.items.map((item) => item.id)).toEqual([book.id])
    expect(listed).toMatchObject({ total: 1, page: 1, next: null, previous: null })

    const replaced = await api.ok(updateCookbook, {
      as: mate,
      params: { id: book.id },
      body: { name: 'Sunday', public: null, position: 4, slug: 'ignored' },
    })
    expect(replaced).toMatchObject({
      name: 'Sunday',
      slug: 'sunday',
      position: 4,
      public: false,
      queryFilterString: '',
      queryFilter: { parts: [] },
    })
    expect(await api.ok(deleteCookbook, { as: mate, params: { id: book.id } })).toMatchObject({ name: 'Sunday' })
    expect((await api.call(getCookbook, { as: cook, params: { id: book.id } })).status).toBe(404)
    expect((await api.call(deleteCookbook, { as: cook, params: { id: book.id } })).status).toBe(404)
  })

  it("answers a cookbook's recipes filtered by its filter, across the group's households", async () => {
    const { api, db, make, cook, neighbour, stranger } = await kitchen()
    const [quick] = await db.insert(tags).values({ groupId: cook.groupId, name: 'Quick', slug: 'quick' }).returning()
    const tagged = await make.recipe({ owner: neighbour, name: 'Tagged Soup' })
    await db.insert(recipeTags).values({ recipeId: tagged.id, tagId: quick!.id })
    await make.recipe({ owner: cook, name: 'Untagged Stew' })
    await make.recipe({ owner: stranger, name: 'Foreign Soup' })
    const book = await api.ok(createCookbook, {
      as: cook,
      body: { name: 'Quick', queryFilterString: 'tags.slug = quick' },
    })
    const read = await api.ok(getCookbook, { as: cook, params: { id: book.id } })
    expect(read.recipes.map((recipe) => recipe.name)).toEqual(['Tagged Soup'])

    const everything = await api.ok(createCookbook, { as: cook, body: { name: 'Everything' } })
    const all = await api.ok(getCookbook, { as: cook, params: { id: everything.slug } })
    expect(all.recipes.map((recipe) => recipe.name)).toEqual(['Tagged Soup', 'Untagged Stew'])
  })

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name with no letter or digit', { name: '@' }, 'name'],
    ['an unknown attribute', { name: 'Bad', queryFilterString: 'badAttribute = 1' }, 'queryFilterString'],
    ['an unknown nested attribute', { name: 'Bad', queryFilterString: 'tags.colour = red' }, 'queryFilterString'],
    ['a bad UUID', { name: 'Bad', queryFilterString: 'tags.id = "not-a-uuid"' }, 'queryFilterString'],
    ['a bad date', { name: 'Bad', queryFilterString: 'lastMade < "not a date"' }, 'queryFilterString'],
    ['unbalanced parentheses', { name: 'Bad', queryFilterString: '(name = x))' }, 'queryFilterString'],
    ['LIKE on a number', { name: 'Bad', queryFilterString: 'rating LIKE "4%"' }, 'queryFilterString'],
  ])('refuses %s with 422 at the field and writes nothing', async (_case, body, field) => {
    const { api, cook, db } = await kitchen()
    const answer = await api.call(createCookbook, { as: cook, body })
    expect(answer.status).toBe(422)
    const detail = (answer.body as unknown as { detail: Array<{ loc: string[]; msg: string }> }).detail
    expect(detail[0]!.loc).toEqual(['body', field])
    if (field === 'queryFilterString') expect(detail[0]!.msg).toMatch(/invalid|attribute|uuid|date|like|string/i)
    expect(await rowsOf({ db }, cook.groupId)).toEqual([])
  })

  it("tells the parser's message for a bad filter", async () => {
    const { api, cook, db } = await kitchen()
    const answer = await api.call(createCookbook, { as: cook, body: { name: 'Bad', queryFilterString: 'nope = 1' } })
    expect(answer.body).toEqual({
      detail: [
        {
          loc: ['body', 'queryFilterString'],
          msg: "invalid attribute string: 'nope' does not exist on this schema",
          type: 'value_error',
        },
      ],
    })
    expect(await rowsOf({ db }, cook.groupId)).toEqual([])
  })

  it('numbers the slug of a taken name, also under parallel creates, and answers 409 past ten', async () => {
    const { api, cook, neighbour, db } = await kitchen()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        api.call(createCookbook, { as: index % 2 ? neighbour : cook, body: { name: 'Soup' } }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201))
    const slugs = answers.map((answer) => (answer.body as { slug: string }).slug).sort()
    expect(slugs).toEqual(['soup', 'soup-1', 'soup-2', 'soup-3', 'soup-4', 'soup-5', 'soup-6', 'soup-7'])
    expect((await rowsOf({ db }, cook.groupId)).every((row) => row.name === 'Soup')).toBe(true)
    for (let index = 0; index < 3; index += 1) await api.ok(createCookbook, { as: cook, body: { name: 'Soup' } })
    const crowded = await api.call(createCookbook, { as: cook, body: { name: 'Soup' } })
    expect(crowded.status).toBe(409)
    expect(await rowsOf({ db }, cook.groupId)).toHaveLength(11)
  })

  it('keeps a numbered slug of the name on update, and resets any other to the name', async () => {
    const { api, cook } = await kitchen()
    await api.ok(createCookbook, { as: cook, body: { name: 'Soup' } })
    const second = await api.ok(createCookbook, { as: cook, body: { name: 'Soup' } })
    expect(second.slug).toBe('soup-1')
    const kept = await api.ok(updateCookbook, {
      as: cook,
      params: { id: second.id },
      body: { name: 'Soup', slug: 'soup-1', description: 'changed' },
    })
    expect(kept).toMatchObject({ slug: 'soup-1', description: 'changed' })
    const renamed = await api.ok(updateCookbook, {
      as: cook,
      params: { id: second.id },
      body: { name: 'Soup', slug: 'x' },
    })
    // "soup" is taken by the first: the next free number.
    expect(renamed.slug).toBe('soup-1')
    const other = await api.ok(createCookbook, { as: cook, body: { name: 'Stew' } })
    const clash = await api.ok(updateCookbook, { as: cook, params: { id: other.id }, body: { name: 'soup' } })
    expect(clash).toMatchObject({ name: 'soup', slug: 'soup-2' })
  })

  it("re-orders with the bulk PUT, all or nothing, and never reaches another household's cookbook", async () => {
    const { api, cook, neighbour, db } = await kitchen()
    const first = await api.ok(createCookbook, { as: cook, body: { name: 'First', position: 1 } })
    const second = await api.ok(createCookbook, { as: cook, body: { name: 'Second', position: 2 } })
    const foreign = await api.ok(createCookbook, { as: neighbour, body: { name: 'Theirs' } })
    const swapped = await api.ok(updateCookbooks, {
      as: cook,
      body: [
        { ...first, position: 2 },
        { ...second, position: 1 },
      ],
    })
    expect(swapped.map((book) => [book.name, book.position])).toEqual([
      ['First', 2],
      ['Second', 1],
    ])
    const refused = await api.call(updateCookbooks, {
      as: cook,
      body: [
        { ...first, position: 9 },
        { ...foreign, position: 9 },
      ],
    })
    expect(refused.status).toBe(404)
    const badItem = await api.call(updateCookbooks, {
      as: cook,
      body: [
        { ...first, position: 7 },
        { ...second, queryFilterString: 'nope = 1' },
      ],
    })
    expect(badItem.status).toBe(422)
    expect((badItem.body as unknown as { detail: Array<{ loc: unknown[] }> }).detail[0]!.loc).toEqual([
      'body',
      1,
      'queryFilterString',
    ])
    const positions = (await rowsOf({ db }, cook.groupId)).map((row) => [row.name, row.position]).sort()
    expect(positions).toEqual([
      ['First', 2],
      ['Second', 1],
      ['Theirs', 1],
    ])
  })

  it("answers 404 for another household's or group's cookbook, and lists only the household's own", async () => {
    const { api, cook, neighbour, stranger } = await kitchen()
    const book = await api.ok(createCookbook, { as: cook, body: { name: 'Ours' } })
    for (const outsider of [neighbour, stranger]) {
      expect((await api.call(getCookbook, { as: outsider, params: { id: book.id } })).status).toBe(404)
      expect((await api.call(getCookbook, { as: outsider, params: { id: book.slug } })).status).toBe(404)
      expect(
        (await api.call(updateCookbook, { as: outsider, params: { id: book.id }, body: { name: 'Taken' } })).status,
      ).toBe(404)
      expect((await api.call(deleteCookbook, { as: outsider, params: { id: book.id } })).status).toBe(404)
      expect((await api.ok(listCookbooks, { as: outsider })).items).toEqual([])
    }
    expect(await api.ok(getCookbook, { as: cook, params: { id: book.id } })).toMatchObject({ name: 'Ours' })
    expect((await api.call(listCookbooks, { as: null })).status).toBe(401)
  })

  it('refuses a bad list order and a bad filter on the list', async () => {
    const { api, cook } = await kitchen()
    expect((await api.call(listCookbooks, { as: cook, query: { orderBy: 'password_hash' } })).status).toBe(400)
    expect((await api.call(listCookbooks, { as: cook, query: { queryFilter: 'public = true' } })).status).toBe(200)
    expect((await api.call(listCookbooks, { as: cook, query: { queryFilter: 'household.name = x' } })).status).toBe(400)
  })
})
