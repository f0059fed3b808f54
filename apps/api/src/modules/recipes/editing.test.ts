import {
  adminUpdateUser,
  createRecipe,
  deleteRecipe,
  duplicateRecipe,
  getRecipe,
  patchRecipe,
  patchRecipes,
  setRecipeLastMade,
  updateRecipe,
  updateRecipes,
} from '@larder/contracts'
import { eq } from 'drizzle-orm'
import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import {
  foods,
  householdPreferences,
  householdRecipeData,
  recipeIngredients,
  recipes,
  tags,
  units,
} from '../../db/schema/index.js'

async function kitchen(testApp: TestApp) {
  const { make } = testApp
  const household = await testApp.make.household()
  const owner = await make.user({ householdId: household.id })
  const mate = await make.user({ householdId: household.id })
  const neighbourHousehold = await make.household({ groupId: household.groupId })
  const neighbour = await make.user({ householdId: neighbourHousehold.id })
  const stranger = await make.user()
  return { household, owner, mate, neighbourHousehold, neighbour, stranger }
}

describe('edit rules (docs/security.md "Recipe edit and delete rules")', () => {
  it('lets the owner and their household edit, refuses other households while they lock, and the lock to non-owners', async () => {
    const testApp = await createTestApp()
    const { api, make, db } = testApp
    const { owner, mate, neighbour, stranger, household } = await kitchen(testApp)
    const recipe = await make.recipe({ owner })
    const patch = (as: { id: string }, body: object) =>
      api.call(patchRecipe, { as, params: { slug: recipe.id }, body: body })

    expect((await patch(owner, { description: 'by owner' })).status).toBe(200)
    expect((await patch(mate, { description: 'by mate' })).status).toBe(200)
    const refused = await patch(neighbour, { description: 'by neighbour' })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ detail: { message: 'Permission Denied' } })
    expect((await patch(stranger, { description: 'by stranger' })).status).toBe(404)

    // The owning household lets others edit: the neighbour may, until the owner locks the recipe.
    await db
      .update(householdPreferences)
      .set({ lockRecipeEditsFromOtherHouseholds: false })
      .where(eq(householdPreferences.householdId, household.id))
    expect((await patch(neighbour, { description: 'by neighbour' })).status).toBe(200)
    expect((await patch(mate, { settings: { locked: true } })).status).toBe(403)
    expect((await patch(owner, { settings: { locked: true } })).status).toBe(200)
    expect((await patch(neighbour, { description: 'again' })).status).toBe(403)
    expect((await patch(mate, { description: 'again' })).status).toBe(403)
    expect((await patch(owner, { description: 'owner edits a locked recipe' })).status).toBe(200)
    expect((await api.call(deleteRecipe, { as: mate, params: { slug: recipe.slug } })).status).toBe(403)
    const stored = await api.ok(getRecipe, { as: mate, params: { slug: recipe.slug } })
    expect(stored.description).toBe('owner edits a locked recipe')
    expect(stored.settings.locked).toBe(true)
  })

  it('records last made for any member, even on a locked recipe of another household, per household too', async () => {
    const testApp = await createTestApp()
    const { api, make, db } = testApp
    const { owner, neighbour, neighbourHousehold } = await kitchen(testApp)
    const recipe = await make.recipe({ owner, settingsLocked: true })
    const made = await api.ok(setRecipeLastMade, {
      as: neighbour,
      params: { slug: recipe.slug },
      body: { timestamp: '2026-01-02T03:04:05Z' },
    })
    expect(made.lastMade).toBe('2026-01-02T03:04:05.000Z')
    await api.ok(setRecipeLastMade, {
      as: owner,
      params: { slug: recipe.slug },
      body: { timestamp: '2025-06-01T00:00:00Z' },
    })
    expect((await api.ok(getRecipe, { as: owner, params: { slug: recipe.slug } })).lastMade).toBe(
      '2026-01-02T03:04:05.000Z',
    )
    const perHousehold = await db.select().from(householdRecipeData).where(eq(householdRecipeData.recipeId, recipe.id))
    expect(perHousehold).toHaveLength(2)
    expect(perHousehold.find((row) => row.householdId === neighbourHousehold.id)?.lastMade?.toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    )
    const bad = await api.call(setRecipeLastMade, {
      as: owner,
      params: { slug: recipe.slug },
      body: { timestamp: 'soon' },
    })
    expect(bad.status).toBe(422)
  })
})

describe('PUT and PATCH', () => {
  it('takes only http(s) addresses as a source, and text without a scheme as text', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const { owner } = await kitchen(testApp)
    const recipe = await make.recipe({ owner })
    const patch = (orgURL: string) =>
      api.call(patchRecipe, { as: owner, params: { slug: recipe.slug }, body: { orgURL } })
    for (const refused of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
    ]) {
      const answer = await patch(refused)
      expect(answer.status, refused).toBe(422)
      expect((answer.body as unknown as { detail: { loc: unknown[] }[] }).detail[0]!.loc).toEqual(['body', 'orgURL'])
    }
    for (const kept of ['https://example.org/bread', 'HTTP://example.org', "Grandma's book", '']) {
      expect((await patch(kept)).status, kept).toBe(200)
    }
  })

  it('PUT resets omitted fields to their defaults; PATCH changes only what it is given', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const { owner } = await kitchen(testApp)
    const recipe = await make.recipe({ owner, description: 'kept?', totalTime: '1 hour', dateAdded: '2024-01-01' })
    const patched = await api.ok(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { prepTime: 15 as never, nutrition: { calories: 250 as never }, extras: { source: 'grandma' } },
    })
    expect(patched).toMatchObject({
      description: 'kept?',
      totalTime: '1 hour',
      prepTime: '15',
      extras: { source: 'grandma' },
    })
    expect(patched.nutrition).toMatchObject({ calories: '250', fatContent: null })

    const replaced = await api.ok(updateRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { name: recipe.name },
    })
    expect(replaced).toMatchObject({ description: '', totalTime: null, prepTime: null, nutrition: null, extras: {} })
    expect(replaced.settings).toMatchObject({ public: true, disableAmount: true, locked: false })
    expect(replaced.dateAdded).toBe('2024-01-01')
    expect(new Date(replaced.dateUpdated!).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('re-slugs on rename, refuses a taken slug with 409 and an empty slug with 400', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const { owner } = await kitchen(testApp)
    const recipe = await make.recipe({ owner, name: 'First' })
    await make.recipe({ owner, name: 'Taken' })
    const renamed = await api.ok(patchRecipe, { as: owner, params: { slug: 'first' }, body: { name: 'Second Go' } })
    expect(renamed.slug).toBe('second-go')
    expect((await api.call(getRecipe, { as: owner, params: { slug: 'first' } })).status).toBe(404)
    expect(
      (await api.call(patchRecipe, { as: owner, params: { slug: recipe.id }, body: { name: 'Taken' } })).status,
    ).toBe(409)
    expect(
      (await api.call(patchRecipe, { as: owner, params: { slug: recipe.id }, body: { name: '???' } })).status,
    ).toBe(400)
  })

  it('reads bodies in camelCase and snake_case, with extra fields, strings as ingredients and organizers', async () => {
    const testApp = await createTestApp()
    const { api, make, app, db } = testApp
    const household = await make.household()
    const organizer = await make.user({ householdId: household.id, canOrganize: true })
    const recipe = await make.recipe({ owner: organizer })
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/recipes/${recipe.slug}`,
      headers: { authorization: (await testApp.signIn(organizer.email, organizer.password)).authorization },
      payload: {
        recipe_yield: '2 loaves',
        total_time: 90,
        org_url: 'https://example.org/bread',
        recipe_ingredient: ['2 cups flour', { quantity: 1.5, unit: 'cup', food: { name: 'Water' }, note: 'warm' }],
        recipe_instructions: [{ text: 'Mix.', ingredient_references: [] }],
        tags: ['Bread', { name: 'Baking' }],
        recipe_category: [{ slug: 'breads' }],
        settings: { disable_amount: false },
        unknownField: 'ignored',
        rating: 5,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    const saved = await api.ok(getRecipe, { as: organizer, params: { slug: recipe.slug } })
    expect(saved).toMatchObject({
      recipeYield: '2 loaves',
      totalTime: '90',
      orgURL: 'https://example.org/bread',
      rating: null,
    })
    expect(saved.recipeIngredient.map((ingredient) => ingredient.display)).toEqual([
      '2 cups flour',
      // A new unit named as a seeded one takes its plural: not "1 ½ cup".
      '1 ¹/₂ cups Water warm',
    ])
    expect(saved.recipeIngredient[1]).toMatchObject({ unit: { name: 'cup' }, food: { name: 'Water' }, quantity: 1.5 })
    expect(saved.tags.map((tag) => tag.name).sort()).toEqual(['Baking', 'Bread'])
    expect(saved.recipeCategory).toMatchObject([{ name: 'breads', slug: 'breads' }])
    expect(await db.select().from(foods)).toHaveLength(1)

    // The same names again resolve to the same rows, case-insensitively.
    await api.ok(patchRecipe, {
      as: organizer,
      params: { slug: recipe.slug },
      body: { recipeIngredient: [{ unit: { name: 'CUP' }, food: { name: 'water' } }], tags: ['bread'] },
    })
    expect(await db.select().from(foods)).toHaveLength(1)
    expect(await db.select().from(units)).toHaveLength(1)
    expect(await db.select().from(tags)).toHaveLength(2)
  })

  it('refuses unknown foods to members who may not organize, and ids of other groups, with 422 naming the field', async () => {
    const testApp = await createTestApp()
    const { api, make, db } = testApp
    const { owner, stranger } = await kitchen(testApp)
    const recipe = await make.recipe({ owner })
    const [foreignFood] = await db.insert(foods).values({ groupId: stranger.groupId, name: 'Theirs' }).returning()
    const unknown = await api.call(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { recipeIngredient: [{ food: { name: 'Saffron' } }] },
    })
    expect(unknown.status).toBe(422)
    expect(JSON.stringify(unknown.body)).toContain('Unknown food Saffron')
    const foreign = await api.call(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { recipeIngredient: [{ food: { id: foreignFood!.id, name: 'Theirs' } }] },
    })
    expect(foreign.status).toBe(422)
    expect(foreign.body).toMatchObject({ detail: [{ loc: ['body', 'recipeIngredient', 0, 'food', 'id'] }] })
    const unknownTag = await api.call(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { tags: ['New'] },
    })
    expect(unknownTag.status).toBe(422)
    expect(await db.select().from(recipeIngredients)).toHaveLength(0)
    expect(await db.select().from(tags)).toHaveLength(0)
  })

  it('links sub-recipes of the group and refuses links that make a cycle, itself included', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const { owner, stranger } = await kitchen(testApp)
    const pie = await make.recipe({ owner, name: 'Pie' })
    const crust = await make.recipe({ owner, name: 'Crust', recipeServings: 4 })
    const foreign = await make.recipe({ owner: stranger })
    const linked = await api.ok(patchRecipe, {
      as: owner,
      params: { slug: pie.slug },
      body: { recipeIngredient: [{ quantity: 1, note: 'crust', referencedRecipe: { id: crust.id } }] },
    })
    expect(linked.recipeIngredient[0]?.referencedRecipe).toMatchObject({
      id: crust.id,
      slug: 'crust',
      recipeServings: 4,
    })
    const cycle = await api.call(patchRecipe, {
      as: owner,
      params: { slug: crust.slug },
      body: { recipeIngredient: [{ referencedRecipe: { id: pie.id } }] },
    })
    expect(cycle.status).toBe(400)
    expect(cycle.body).toMatchObject({ detail: { message: 'recursive recipe link' } })
    const self = await api.call(patchRecipe, {
      as: owner,
      params: { slug: crust.slug },
      body: { recipeIngredient: [{ referencedRecipe: { id: crust.id } }] },
    })
    expect(self.status).toBe(400)
    const elsewhere = await api.call(patchRecipe, {
      as: owner,
      params: { slug: crust.slug },
      body: { recipeIngredient: [{ referencedRecipe: { id: foreign.id } }] },
    })
    expect(elsewhere.status).toBe(422)
  })

  it('transfers ownership within the group, the household following the new owner', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const { owner, neighbour, stranger } = await kitchen(testApp)
    const recipe = await make.recipe({ owner })
    expect(
      (await api.call(patchRecipe, { as: owner, params: { slug: recipe.slug }, body: { userId: stranger.id } })).status,
    ).toBe(422)
    const moved = await api.ok(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { userId: neighbour.id },
    })
    expect(moved).toMatchObject({ userId: neighbour.id, householdId: neighbour.householdId })
  })

  it('keeps every parallel PATCH of one recipe, none failing', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const organizer = await make.user({ canOrganize: true })
    const recipe = await make.recipe({ owner: organizer })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        api.call(patchRecipe, {
          as: organizer,
          params: { slug: recipe.slug },
          body: {
            tags: [`Tag ${index % 3}`, 'Shared'],
            recipeIngredient: [`${index} eggs`],
            description: `version ${index}`,
          },
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const final = await api.ok(getRecipe, { as: organizer, params: { slug: recipe.slug } })
    expect(final.tags).toHaveLength(2)
    expect(final.recipeIngredient).toHaveLength(1)
  })
})

describe('bulk PUT and PATCH', () => {
  it('changes every recipe by id in one transaction, or none when one is refused', async () => {
    const testApp = await createTestApp()
    const { api, make } = testApp
    const { owner, neighbour } = await kitchen(testApp)
    const first = await make.recipe({ owner })
    const second = await make.recipe({ owner })
    const foreign = await make.recipe({ owner: neighbour })
    const changed = await api.ok(patchRecipes, {
      as: owner,
      body: [
        { id: first.id, description: 'one' },
        { id: second.id, description: 'two' },
      ],
    })
    expect(changed.map((recipe) => recipe.description)).toEqual(['one', 'two'])
    const refused = await api.call(updateRecipes, {
      as: owner,
      body: [
        { id: first.id, name: first.name, description: 'changed' },
        { id: foreign.id, name: foreign.name },
      ],
    })
    expect(refused.status).toBe(403)
    expect((await api.ok(getRecipe, { as: owner, params: { slug: first.slug } })).description).toBe('one')
    const invalid = await api.call(patchRecipes, {
      as: owner,
      body: [{ id: first.id }, { id: second.id, recipeIngredient: [{ food: { name: 'Nope' } }] }],
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toMatchObject({ detail: [{ loc: ['body', 1, 'recipeIngredient', 0, 'food'] }] })
    expect((await api.call(patchRecipes, { as: owner, body: [{ description: 'no id' } as never] })).status).toBe(422)
  })
})

describe('DELETE and duplicate', () => {
  it('deletes with its media folder and answers the deleted recipe', async () => {
    const testApp = await createTestApp()
    const { api, make, config } = testApp
    const { owner } = await kitchen(testApp)
    const recipe = await make.recipe({ owner })
    const folder = path.join(config.dataDirectory, 'media', 'recipes', recipe.id)
    await fs.mkdir(path.join(folder, 'images'), { recursive: true })
    await fs.writeFile(path.join(folder, 'images', 'original.webp'), 'x')
    const deleted = await api.ok(deleteRecipe, { as: owner, params: { slug: recipe.slug } })
    expect(deleted.id).toBe(recipe.id)
    await expect(fs.stat(folder)).rejects.toThrow()
    expect((await api.call(getRecipe, { as: owner, params: { slug: recipe.slug } })).status).toBe(404)
    expect((await api.call(deleteRecipe, { as: owner, params: { slug: recipe.slug } })).status).toBe(404)
  })

  it('duplicates into the caller’s household with new ids and remapped step references', async () => {
    const testApp = await createTestApp()
    const { api } = testApp
    const { owner, neighbour } = await kitchen(testApp)
    const slug = await api.ok(createRecipe, { as: owner, body: { name: 'Curry' } })
    const source = await api.ok(getRecipe, { as: owner, params: { slug } })
    const referenceId = source.recipeIngredient[0]!.referenceId
    await api.ok(patchRecipe, {
      as: owner,
      params: { slug },
      body: {
        recipeInstructions: [{ text: `See /r/${source.id}`, ingredientReferences: [{ referenceId }] }],
        settings: { locked: true },
      },
    })
    const copy = await api.call(duplicateRecipe, { as: neighbour, params: { slug }, body: {} })
    expect(copy.status).toBe(201)
    const duplicated = copy.body as Awaited<ReturnType<typeof api.ok<typeof getRecipe>>>
    expect(duplicated).toMatchObject({
      name: 'Curry (1)',
      slug: 'curry-1',
      userId: neighbour.id,
      householdId: neighbour.householdId,
    })
    const newReference = duplicated.recipeIngredient[0]!.referenceId
    expect(newReference).not.toBe(referenceId)
    expect(duplicated.recipeInstructions[0]).toMatchObject({
      text: `See /r/${duplicated.id}`,
      ingredientReferences: [{ referenceId: newReference }],
    })
    const named = await api.ok(duplicateRecipe, { as: owner, params: { slug }, body: { name: 'Green Curry' } })
    expect(named.slug).toBe('green-curry')
  })
})

describe('moving a user to another household', () => {
  it('moves their recipes with them', async () => {
    const testApp = await createTestApp()
    const { api, make, db } = testApp
    const { owner, neighbourHousehold } = await kitchen(testApp)
    const admin = await make.user({ admin: true })
    const recipe = await make.recipe({ owner })
    const self = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/users/${owner.id}`,
      headers: { authorization: (await testApp.signIn(admin.email, admin.password)).authorization },
    })
    const body = self.json<Record<string, unknown>>()
    await api.ok(adminUpdateUser, {
      as: admin,
      params: { id: owner.id },
      body: { ...body, household: neighbourHousehold.name } as never,
    })
    const [moved] = await db.select().from(recipes).where(eq(recipes.id, recipe.id))
    expect(moved?.householdId).toBe(neighbourHousehold.id)

    // Recipes cannot leave their group: a recipe owner keeps theirs.
    const elsewhere = await make.household({ name: `Far away ${recipe.id.slice(0, 6)}` })
    const groupName = (
      await testApp.sql<{ name: string }[]>`select name from groups where id = ${elsewhere.groupId}`
    )[0]!.name
    const refused = await api.call(adminUpdateUser, {
      as: admin,
      params: { id: owner.id },
      body: { ...body, group: groupName, household: elsewhere.name } as never,
    })
    expect(refused.status).toBe(409)
    const [kept] = await db.select().from(recipes).where(eq(recipes.id, recipe.id))
    expect(kept?.householdId).toBe(neighbourHousehold.id)
  })
})
