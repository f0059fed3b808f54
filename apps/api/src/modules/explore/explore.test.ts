import {
  createCookbook,
  exploreCategories,
  exploreCategory,
  exploreCookbook,
  exploreCookbooks,
  exploreFood,
  exploreFoods,
  exploreHousehold,
  exploreHouseholds,
  exploreRecipe,
  exploreRecipes,
  exploreTag,
  exploreTags,
  exploreTool,
  exploreTools,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import {
  categories,
  foods,
  foodsOnHand,
  recipeTags,
  recipeTools,
  tags,
  tools,
  toolsOnHand,
} from '../../db/schema/index.js'

/**
 * A public group with an open household and a private one, and a private group beside it: each holds public and
 * non-public recipes and cookbooks.
 */
async function neighbourhood() {
  const testApp = await createTestApp()
  const { make, db, api } = testApp
  const group = await make.group({ privateGroup: false })
  const open = await make.household({ groupId: group.id, privateHousehold: false, name: 'Open House' })
  const closed = await make.household({ groupId: group.id, privateHousehold: true, name: 'Closed House' })
  const host = await make.user({ householdId: open.id })
  const hermit = await make.user({ householdId: closed.id })
  const privateGroup = await make.group({ privateGroup: true })
  const privateHousehold = await make.household({ groupId: privateGroup.id, privateHousehold: false })
  const insider = await make.user({ householdId: privateHousehold.id })

  const shown = await make.recipe({ owner: host, name: 'Shown Soup', settingsPublic: true })
  const hidden = await make.recipe({ owner: host, name: 'Hidden Soup', settingsPublic: false })
  const closedRecipe = await make.recipe({ owner: hermit, name: 'Closed Soup', settingsPublic: true })
  const insiderRecipe = await make.recipe({ owner: insider, name: 'Insider Soup', settingsPublic: true })

  const [tag] = await db.insert(tags).values({ groupId: group.id, name: 'Soup', slug: 'soup' }).returning()
  for (const recipe of [shown, hidden, closedRecipe])
    await db.insert(recipeTags).values({ recipeId: recipe.id, tagId: tag!.id })
  const [category] = await db
    .insert(categories)
    .values({ groupId: group.id, name: 'Dinner', slug: 'dinner' })
    .returning()
  const [tool] = await db.insert(tools).values({ groupId: group.id, name: 'Pot', slug: 'pot' }).returning()
  const [food] = await db.insert(foods).values({ groupId: group.id, name: 'Leek' }).returning()
  const [insiderFood] = await db.insert(foods).values({ groupId: privateGroup.id, name: 'Secret' }).returning()

  const book = (as: { id: string }, name: string, isPublic: boolean, queryFilterString = '') =>
    api.ok(createCookbook, { as, body: { name, public: isPublic, queryFilterString } })
  const publicBook = await book(host, 'Soups', true, 'tags.slug = soup')
  const privateBook = await book(host, 'Drafts', false)
  const closedBook = await book(hermit, 'Closed Book', true)
  const insiderBook = await book(insider, 'Insider Book', true)

  return {
    ...testApp,
    group,
    open,
    closed,
    privateGroup,
    recipes: { shown, hidden, closedRecipe, insiderRecipe },
    tag: tag!,
    category: category!,
    tool: tool!,
    food: food!,
    insiderFood: insiderFood!,
    books: { publicBook, privateBook, closedBook, insiderBook },
  }
}

describe('explore', () => {
  it("shows a public group's foods and organizers, with explore links, to anyone", async () => {
    const { api, group, food, category, tag, tool } = await neighbourhood()
    const params = { groupSlug: group.slug }
    const foodPage = await api.ok(exploreFoods, { params, query: { perPage: 1 } })
    expect(foodPage.items.map((item) => item.name)).toEqual(['Leek'])
    expect(await api.ok(exploreFood, { params: { ...params, id: food.id } })).toMatchObject({ name: 'Leek' })
    expect(await api.ok(exploreCategories, { params })).toMatchObject({ items: [{ id: category.id }] })
    expect(await api.ok(exploreCategory, { params: { ...params, id: category.id } })).toEqual({
      id: category.id,
      name: 'Dinner',
      slug: 'dinner',
      groupId: group.id,
    })
    expect(await api.ok(exploreTags, { params, query: { search: 'sou' } })).toMatchObject({ items: [{ id: tag.id }] })
    expect(await api.ok(exploreTag, { params: { ...params, id: tag.id } })).toMatchObject({ groupId: group.id })
    expect(await api.ok(exploreTools, { params })).toMatchObject({ items: [{ id: tool.id, onHand: false }] })
    expect(await api.ok(exploreTool, { params: { ...params, id: tool.id } })).toMatchObject({ name: 'Pot' })
    // By id too.
    expect((await api.ok(exploreTags, { params: { groupSlug: group.id } })).total).toBe(1)
  })

  it('names only open households as having a tool or food on hand', async () => {
    const { api, db, group, open, closed, tool, food, recipes } = await neighbourhood()
    for (const household of [open, closed]) {
      await db.insert(toolsOnHand).values({ toolId: tool.id, householdId: household.id })
      await db.insert(foodsOnHand).values({ foodId: food.id, householdId: household.id })
    }
    await db.insert(recipeTools).values({ recipeId: recipes.shown.id, toolId: tool.id })
    const params = { groupSlug: group.slug }
    expect(await api.ok(exploreTool, { params: { ...params, id: tool.id } })).toMatchObject({
      householdsWithTool: [open.slug],
    })
    expect((await api.ok(exploreTools, { params })).items[0]!.householdsWithTool).toEqual([open.slug])
    expect(await api.ok(exploreFood, { params: { ...params, id: food.id } })).toMatchObject({
      householdsWithIngredientFood: [open.slug],
    })
    expect((await api.ok(exploreFoods, { params })).items[0]!.householdsWithIngredientFood).toEqual([open.slug])
    const listed = await api.ok(exploreRecipes, { params })
    expect(listed.items[0]!.tools[0]!.householdsWithTool).toEqual([open.slug])
    const read = await api.ok(exploreRecipe, { params: { ...params, slug: recipes.shown.slug } })
    expect(read.tools[0]!.householdsWithTool).toEqual([open.slug])
    expect(JSON.stringify(read)).not.toContain(closed.slug)
  })

  it('answers 404 "not found" in explore words for unknown or foreign rows', async () => {
    const { api, group, insiderFood } = await neighbourhood()
    const params = { groupSlug: group.slug, id: insiderFood.id }
    const cases = [
      [exploreFood, 'food not found'],
      [exploreCategory, 'category not found'],
      [exploreTag, 'tag not found'],
      [exploreTool, 'tool not found'],
    ] as const
    for (const [endpoint, message] of cases) {
      const answer = await api.call(endpoint, { params })
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ detail: { message } })
    }
    expect((await api.call(exploreFood, { params: { ...params, id: 'not-a-uuid' } })).status).toBe(422)
  })

  it('answers 404 "group not found" for every route of a private or unknown group', async () => {
    const { api, privateGroup, books, recipes, insiderFood } = await neighbourhood()
    for (const groupSlug of [privateGroup.slug, privateGroup.id, 'no-such-group']) {
      const params = { groupSlug }
      const calls = [
        api.call(exploreFoods, { params }),
        api.call(exploreFood, { params: { ...params, id: insiderFood.id } }),
        api.call(exploreCategories, { params }),
        api.call(exploreTags, { params }),
        api.call(exploreTools, { params }),
        api.call(exploreHouseholds, { params }),
        api.call(exploreHousehold, { params: { ...params, householdSlug: 'x' } }),
        api.call(exploreCookbooks, { params }),
        api.call(exploreCookbook, { params: { ...params, id: books.insiderBook.id } }),
        api.call(exploreRecipes, { params }),
        api.call(exploreRecipe, { params: { ...params, slug: recipes.insiderRecipe.slug } }),
      ]
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBe(404)
        expect(answer.body).toEqual({ detail: { message: 'group not found', error: true, exception: null } })
      }
    }
  })

  it('lists and reads only households that are not private', async () => {
    const { api, group, open, closed } = await neighbourhood()
    const params = { groupSlug: group.slug }
    const page = await api.ok(exploreHouseholds, { params })
    expect(page.items.map((item) => item.id)).toEqual([open.id])
    // A filter cannot widen the list to the private household.
    const widened = await api.ok(exploreHouseholds, {
      params,
      query: { queryFilter: 'preferences.privateHousehold = true OR name <> x' },
    })
    expect(widened.items.map((item) => item.id)).toEqual([open.id])
    expect(await api.ok(exploreHousehold, { params: { ...params, householdSlug: open.slug } })).toMatchObject({
      id: open.id,
      name: 'Open House',
    })
    for (const householdSlug of [closed.slug, closed.id, 'nobody']) {
      const answer = await api.call(exploreHousehold, { params: { ...params, householdSlug } })
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ detail: { message: 'household not found' } })
    }
  })

  it('lists public recipes of open households only, and no filter widens it', async () => {
    const { api, group, recipes } = await neighbourhood()
    const params = { groupSlug: group.slug }
    const names = async (query: Record<string, string> = {}) => {
      const answer = await api.call(exploreRecipes, { params, query })
      expect(answer.status, answer.text).toBe(200)
      return (answer.body as { items: Array<{ name: string }> }).items.map((item) => item.name)
    }
    expect(await names()).toEqual(['Shown Soup'])
    expect(await names({ queryFilter: 'settings.public = false' })).toEqual([])
    expect(await names({ queryFilter: 'settings.public = false OR settings.public = true' })).toEqual(['Shown Soup'])
    expect(await names({ queryFilter: 'household.preferences.privateHousehold = true' })).toEqual([])
    // Parentheses that would close the restriction's group are refused on their own.
    const escape = await api.call(exploreRecipes, {
      params,
      query: { queryFilter: 'name = x) OR (settings.public = false' },
    })
    expect(escape.status).toBe(400)
    expect(await names({ tags: 'soup' })).toEqual(['Shown Soup'])
    expect(await names({ search: 'soup' })).toEqual(['Shown Soup'])
    expect(await names({ cookbook: 'soups' })).toEqual(['Shown Soup'])
    const broken = await api.call(exploreRecipes, { params, query: { queryFilter: 'name = "x' } })
    expect(broken.status).toBe(400)
    expect(broken.body).toMatchObject({
      detail: { message: 'invalid query string: unterminated quote at character 8' },
    })
    expect((await api.call(exploreRecipes, { params, query: { queryFilter: 'nope = 1' } })).status).toBe(400)
    expect(recipes.hidden.name).toBe('Hidden Soup')
  })

  it('refuses a cookbook that is not public, or of a private household, as the recipe list parameter', async () => {
    const { api, group, books } = await neighbourhood()
    const params = { groupSlug: group.slug }
    for (const cookbook of [books.privateBook.slug, books.closedBook.id, books.insiderBook.id, 'nothing']) {
      const answer = await api.call(exploreRecipes, { params, query: { cookbook } })
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ detail: { message: 'cookbook not found' } })
    }
  })

  it('reads a public recipe by slug or id, and answers 404 for every other', async () => {
    const { api, group, recipes } = await neighbourhood()
    const params = { groupSlug: group.slug }
    const read = await api.ok(exploreRecipe, { params: { ...params, slug: recipes.shown.slug } })
    expect(read).toMatchObject({ id: recipes.shown.id, name: 'Shown Soup', settings: { public: true } })
    expect(await api.ok(exploreRecipe, { params: { ...params, slug: recipes.shown.id } })).toMatchObject({
      id: recipes.shown.id,
    })
    for (const slug of [recipes.hidden.slug, recipes.closedRecipe.slug, recipes.insiderRecipe.id, 'nothing']) {
      const answer = await api.call(exploreRecipe, { params: { ...params, slug } })
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ detail: { message: 'recipe not found' } })
    }
  })

  it('lists and reads public cookbooks of open households, with their public recipes only', async () => {
    const { api, group, books } = await neighbourhood()
    const params = { groupSlug: group.slug }
    const page = await api.ok(exploreCookbooks, { params })
    expect(page.items.map((item) => item.name)).toEqual(['Soups'])
    const book = await api.ok(exploreCookbook, { params: { ...params, id: books.publicBook.slug } })
    expect(book.recipes.map((recipe) => recipe.name)).toEqual(['Shown Soup'])
    expect(book.queryFilter.parts).toHaveLength(1)
    for (const id of [books.privateBook.id, books.closedBook.slug, books.insiderBook.id, 'nothing']) {
      const answer = await api.call(exploreCookbook, { params: { ...params, id } })
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ detail: { message: 'cookbook not found' } })
    }
  })

  it('links pages with explore paths and the visitor’s own parameters', async () => {
    const { api, group, make, open } = await neighbourhood()
    const owner = await make.user({ householdId: open.id })
    await make.recipe({ owner, name: 'Second Soup', settingsPublic: true })
    const params = { groupSlug: group.slug }
    const first = await api.ok(exploreRecipes, {
      params,
      query: { perPage: 1, orderBy: 'name', orderDirection: 'asc' },
    })
    expect(first.total).toBe(2)
    expect(first.next).toMatch(
      new RegExp(`^/explore/groups/${group.slug}/recipes\\?page=2&perPage=1&orderBy=name&orderDirection=asc(&|$)`),
    )
    const second = await api.ok(exploreRecipes, {
      params,
      query: { page: 2, perPage: 1, queryFilter: 'name LIKE "%Soup%"' },
    })
    expect(second.previous).toContain(`/explore/groups/${group.slug}/recipes?page=1`)
    expect(second.previous).not.toContain('settings')
    const households = await api.ok(exploreHouseholds, { params, query: { perPage: 1, page: 1 } })
    expect(households.next).toBeNull()
  })

  it('rate-limits a visitor who calls too often', async () => {
    const testApp = await createTestApp({ SECURITY_EXPLORE_RATE_LIMIT: '3' })
    const group = await testApp.make.group({ privateGroup: false })
    const statuses: number[] = []
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await testApp.api.call(exploreFoods, { params: { groupSlug: group.slug } })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})
