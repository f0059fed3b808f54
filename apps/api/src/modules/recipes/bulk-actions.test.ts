import fs from 'node:fs/promises'
import {
  bulkCategorizeRecipes,
  bulkDeleteRecipes,
  bulkSetRecipeSettings,
  bulkTagRecipes,
  getRecipe,
  listRecipes,
} from '@larder/contracts'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkWorld, uploadRecipePicture, type TestUser } from '../../../test/bulk-world.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { categories, recipes, recipeTags, tags } from '../../db/schema/index.js'
import { recipeMediaDirectory } from '../../lib/media-paths.js'

const dataDirectory = `/tmp/larder-recipe-bulk-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

const households = () => bulkWorld(testApp)

const organizer = async (table: typeof tags | typeof categories, owner: TestUser, name: string) =>
  (await testApp.db.insert(table).values({ groupId: owner.groupId, name, slug: name.toLowerCase() }).returning())[0]!

const read = (as: TestUser, slug: string) => testApp.api.ok(getRecipe, { as, params: { slug } })

const withPicture = (owner: TestUser, slug: string) => uploadRecipePicture(testApp, owner, slug)

describe('POST /api/recipes/bulk-actions/tag and /categorize', () => {
  it("adds tags to the household's recipes, keeping theirs, and search finds them under the new tag", async () => {
    const { cook, mate } = await households()
    const soup = await testApp.make.recipe({ owner: cook, name: 'Tomato Soup' })
    const stew = await testApp.make.recipe({ owner: mate, name: 'Bean Stew', settingsLocked: true })
    const old = await organizer(tags, cook, 'Old')
    const cosy = await organizer(tags, cook, 'Cosy')
    await testApp.db.insert(recipeTags).values({ recipeId: soup.id, tagId: old.id })

    const answer = await testApp.api.call(bulkTagRecipes, {
      as: cook,
      body: { recipes: [soup.slug, stew.slug], tags: [{ id: cosy.id, name: cosy.name, slug: cosy.slug }] },
    })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('null')
    expect((await read(cook, soup.slug)).tags.map((tag) => tag.name)).toEqual(['Cosy', 'Old'])
    // A householdmate's locked recipe too: bulk actions have no lock check (docs/security.md "Recipe edit and delete rules").
    expect((await read(cook, stew.slug)).tags.map((tag) => tag.name)).toEqual(['Cosy'])
    // Again: nothing doubles.
    await testApp.api.ok(bulkTagRecipes, { as: cook, body: { recipes: [soup.slug], tags: [{ id: cosy.id }] } })
    expect((await read(cook, soup.slug)).tags).toHaveLength(2)
    const found = await testApp.api.ok(listRecipes, { as: cook, query: { search: 'cosy' } })
    expect(found.items.map((item) => item.name).sort()).toEqual(['Bean Stew', 'Tomato Soup'])
  })

  it('adds categories the same way', async () => {
    const { cook } = await households()
    const soup = await testApp.make.recipe({ owner: cook, name: 'Pea Soup' })
    const starters = await organizer(categories, cook, 'Starters')
    await testApp.api.ok(bulkCategorizeRecipes, {
      as: cook,
      body: { recipes: [soup.slug], categories: [{ id: starters.id, name: 'Starters', slug: 'starters' }] },
    })
    expect((await read(cook, soup.slug)).recipeCategory.map((category) => category.name)).toEqual(['Starters'])
  })

  it("refuses the whole request (404, nothing written) when a slug is another household's, another group's or none", async () => {
    const { cook, neighbour, stranger } = await households()
    const soup = await testApp.make.recipe({ owner: cook })
    const theirs = await testApp.make.recipe({ owner: neighbour })
    const foreign = await testApp.make.recipe({ owner: stranger })
    const cosy = await organizer(tags, cook, `Cosy${soup.id.slice(0, 6)}`)
    for (const other of [theirs.slug, foreign.slug, 'no-such-recipe']) {
      const answer = await testApp.api.call(bulkTagRecipes, {
        as: cook,
        body: { recipes: [soup.slug, other], tags: [{ id: cosy.id }] },
      })
      expect(answer.status).toBe(404)
    }
    const written = await testApp.db.select().from(recipeTags).where(eq(recipeTags.tagId, cosy.id))
    expect(written).toEqual([])
  })

  it('refuses an organizer that is not of the group (422, nothing written), and malformed bodies', async () => {
    const { cook, stranger } = await households()
    const soup = await testApp.make.recipe({ owner: cook })
    const theirTag = await organizer(tags, stranger, `Theirs${soup.id.slice(0, 6)}`)
    const answer = await testApp.api.call(bulkTagRecipes, {
      as: cook,
      body: { recipes: [soup.slug], tags: [{ id: theirTag.id }] },
    })
    expect(answer.status).toBe(422)
    for (const body of [{}, { recipes: soup.slug, tags: [] }, { recipes: [soup.slug], tags: [{ name: 'x' }] }]) {
      expect((await testApp.api.call(bulkTagRecipes, { as: cook, body: body as never })).status).toBe(422)
    }
    expect((await read(cook, soup.slug)).tags).toEqual([])
  })
})

describe('POST /api/recipes/bulk-actions/settings', () => {
  it("replaces the settings; the lock changes only on the caller's own recipes", async () => {
    const { cook, mate } = await households()
    const mine = await testApp.make.recipe({ owner: cook })
    const mates = await testApp.make.recipe({ owner: mate, settingsLocked: true })
    const settings = {
      public: false,
      showNutrition: true,
      showAssets: true,
      landscapeView: true,
      disableComments: true,
      disableAmount: false,
      locked: false,
    }
    await testApp.api.ok(bulkSetRecipeSettings, { as: cook, body: { recipes: [mine.slug, mates.slug], settings } })
    expect((await read(cook, mates.slug)).settings).toEqual({ ...settings, locked: true })
    await testApp.api.ok(bulkSetRecipeSettings, {
      as: cook,
      body: { recipes: [mine.slug, mates.slug], settings: { ...settings, locked: true } },
    })
    expect((await read(cook, mine.slug)).settings).toEqual({ ...settings, locked: true })
    // Without `locked`, every lock stays as it is.
    await testApp.api.ok(bulkSetRecipeSettings, {
      as: mate,
      body: { recipes: [mine.slug], settings: { ...settings, locked: undefined, public: true } },
    })
    expect((await read(cook, mine.slug)).settings).toEqual({ ...settings, public: true, locked: true })
  })

  it("refuses another household's recipe (404) and an incomplete settings object (422)", async () => {
    const { cook, neighbour } = await households()
    const theirs = await testApp.make.recipe({ owner: neighbour, settingsPublic: true })
    const settings = {
      public: false,
      showNutrition: false,
      showAssets: false,
      landscapeView: false,
      disableComments: false,
      disableAmount: true,
    }
    expect(
      (await testApp.api.call(bulkSetRecipeSettings, { as: cook, body: { recipes: [theirs.slug], settings } })).status,
    ).toBe(404)
    const { public: _dropped, ...incomplete } = settings
    expect(
      (
        await testApp.api.call(bulkSetRecipeSettings, {
          as: neighbour,
          body: { recipes: [theirs.slug], settings: incomplete as never },
        })
      ).status,
    ).toBe(422)
    expect((await read(neighbour, theirs.slug)).settings.public).toBe(true)
  })
})

describe('POST /api/recipes/bulk-actions/delete', () => {
  it("deletes the household's recipes with their media, and skips the slugs of others and of nothing", async () => {
    const { cook, mate, neighbour, stranger } = await households()
    const soup = await testApp.make.recipe({ owner: cook })
    const stew = await testApp.make.recipe({ owner: mate, settingsLocked: true })
    const theirs = await testApp.make.recipe({ owner: neighbour })
    const foreign = await testApp.make.recipe({ owner: stranger })
    await withPicture(cook, soup.slug)
    const folder = recipeMediaDirectory(dataDirectory, soup.id)
    await expect(fs.stat(folder)).resolves.toBeTruthy()

    const answer = await testApp.api.call(bulkDeleteRecipes, {
      as: cook,
      body: { recipes: [soup.slug, stew.slug, theirs.slug, foreign.slug, 'no-such-recipe'] },
    })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('null')
    const left = await testApp.db
      .select({ id: recipes.id })
      .from(recipes)
      .where(inArray(recipes.id, [soup.id, stew.id, theirs.id, foreign.id]))
    expect(left.map((row) => row.id).sort()).toEqual([theirs.id, foreign.id].sort())
    await expect(fs.stat(folder)).rejects.toThrow()
    expect((await testApp.api.call(bulkDeleteRecipes, { as: cook, body: { recipes: 'soup' } as never })).status).toBe(
      422,
    )
  })
})

describe('bulk actions in parallel', () => {
  it('tag, categorize, change settings and delete overlapping recipes at once without deadlock', async () => {
    const { cook } = await households()
    const made = await Promise.all(Array.from({ length: 6 }, () => testApp.make.recipe({ owner: cook })))
    const slugs = made.map((recipe) => recipe.slug)
    const tagRows = await Promise.all(
      Array.from({ length: 6 }, (_, index) => organizer(tags, cook, `Par${index}${made[0]!.id.slice(0, 6)}`)),
    )
    const starters = await organizer(categories, cook, `Starters${made[0]!.id.slice(0, 6)}`)
    const settings = {
      public: true,
      showNutrition: true,
      showAssets: false,
      landscapeView: false,
      disableComments: false,
      disableAmount: false,
    }
    // Each request names the recipes in another order; the rows are still locked in one order.
    const rotated = (index: number) => [...slugs.slice(index), ...slugs.slice(0, index)].reverse()
    const answers = await Promise.all([
      ...tagRows.map((tag, index) =>
        testApp.api.call(bulkTagRecipes, { as: cook, body: { recipes: rotated(index), tags: [{ id: tag.id }] } }),
      ),
      ...slugs.map((_, index) =>
        testApp.api.call(bulkCategorizeRecipes, {
          as: cook,
          body: { recipes: rotated(index).slice(0, 4), categories: [{ id: starters.id }] },
        }),
      ),
      ...slugs.map((_, index) =>
        testApp.api.call(bulkSetRecipeSettings, { as: cook, body: { recipes: rotated(index), settings } }),
      ),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    for (const recipe of made) expect((await read(cook, recipe.slug)).tags).toHaveLength(6)

    const deletes = await Promise.all(
      slugs.map((_, index) =>
        testApp.api.call(bulkDeleteRecipes, { as: cook, body: { recipes: rotated(index).slice(0, 3) } }),
      ),
    )
    expect(deletes.map((answer) => answer.status)).toEqual(deletes.map(() => 200))
    const left = await testApp.db
      .select({ id: recipes.id })
      .from(recipes)
      .where(
        inArray(
          recipes.id,
          made.map((recipe) => recipe.id),
        ),
      )
    expect(left).toEqual([])
  })
})
