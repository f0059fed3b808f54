import {
  bulkTagRecipes,
  duplicateRecipe,
  listRecipes,
  patchRecipe,
  tagEndpoints,
  toolEndpoints,
} from '@larder/contracts'
import { inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { categories, recipes, tags, tools } from '../../db/schema/index.js'

// recipes.category_ids / tag_ids / tool_ids are copies of the link tables kept by triggers (migration 0004), read
// by the list's organizer filters. These tests hold the copies to the links through every way links are written.

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})

type User = Awaited<ReturnType<TestApp['make']['user']>>

async function cookWithOrganizers() {
  const cook = await testApp.make.user({ canOrganize: true })
  const named = async (table: typeof tags | typeof categories | typeof tools, name: string) =>
    (await testApp.db.insert(table).values({ groupId: cook.groupId, name, slug: name.toLowerCase() }).returning())[0]!
  return {
    cook,
    quick: await named(tags, 'Quick'),
    cosy: await named(tags, 'Cosy'),
    spicy: await named(tags, 'Spicy'),
    dinner: await named(categories, 'Dinner'),
    wok: await named(tools, 'Wok'),
  }
}

/** Each recipe's arrays next to what its link tables hold, both sorted. */
async function copiesAndLinks(recipeIds: string[]) {
  const rows = await testApp.db.execute<{
    id: string
    copied: string
    linked: string
  }>(sql`select r.id,
      concat_ws('|', array_to_string(r.category_ids, ','), array_to_string(r.tag_ids, ','), array_to_string(r.tool_ids, ',')) as copied,
      concat_ws('|',
        coalesce((select string_agg(category_id::text, ',' order by category_id) from recipes_to_categories where recipe_id = r.id), ''),
        coalesce((select string_agg(tag_id::text, ',' order by tag_id) from recipes_to_tags where recipe_id = r.id), ''),
        coalesce((select string_agg(tool_id::text, ',' order by tool_id) from recipes_to_tools where recipe_id = r.id), '')) as linked
    from recipes r where r.id in ${recipeIds} order by r.id`)
  return rows
}

async function expectCopiesMatchLinks(recipeIds: string[]) {
  const rows = await copiesAndLinks(recipeIds)
  expect(rows).toHaveLength(recipeIds.length)
  for (const row of rows) expect(row.copied, `recipe ${row.id}`).toBe(row.linked)
}

const tagsOf = async (recipeId: string) =>
  (
    await testApp.db
      .select({ tagIds: recipes.tagIds })
      .from(recipes)
      .where(inArray(recipes.id, [recipeId]))
  )[0]!.tagIds

const names = async (as: User, query: Record<string, unknown>) =>
  (await testApp.api.ok(listRecipes, { as, query: { perPage: -1, ...query } })).items.map((item) => item.name).sort()

describe('the recipe’s organizer id arrays', () => {
  it('follow saves, bulk tagging, duplication and organizer deletion', async () => {
    const { cook, quick, cosy, spicy, dinner, wok } = await cookWithOrganizers()
    const soup = await testApp.make.recipe({ owner: cook, name: 'Soup' })

    await testApp.api.ok(patchRecipe, {
      as: cook,
      params: { slug: soup.slug },
      body: { tags: [{ id: quick.id }, { id: cosy.id }], recipeCategory: [{ id: dinner.id }], tools: [{ id: wok.id }] },
    })
    expect((await tagsOf(soup.id)).sort()).toEqual([quick.id, cosy.id].sort())
    await expectCopiesMatchLinks([soup.id])

    await testApp.api.ok(patchRecipe, { as: cook, params: { slug: soup.slug }, body: { tags: [{ id: cosy.id }] } })
    expect(await tagsOf(soup.id)).toEqual([cosy.id])

    await testApp.api.ok(bulkTagRecipes, { as: cook, body: { recipes: [soup.slug], tags: [{ id: spicy.id }] } })
    const copySlug = await testApp.api.ok(duplicateRecipe, { as: cook, params: { slug: soup.slug }, body: {} })
    const copy = (
      await testApp.db
        .select()
        .from(recipes)
        .where(inArray(recipes.slug, [copySlug.slug]))
    )[0]!
    expect(copy.tagIds.sort()).toEqual([cosy.id, spicy.id].sort())
    await expectCopiesMatchLinks([soup.id, copy.id])

    await testApp.api.ok(tagEndpoints.remove, { as: cook, params: { id: spicy.id } })
    await testApp.api.ok(toolEndpoints.remove, { as: cook, params: { id: wok.id } })
    expect(await tagsOf(soup.id)).toEqual([cosy.id])
    await expectCopiesMatchLinks([soup.id, copy.id])
  })

  it('stay equal to the links when bulk tagging and saves of the same recipes run in parallel', async () => {
    const { cook, quick, cosy, spicy } = await cookWithOrganizers()
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, index) => testApp.make.recipe({ owner: cook, name: `Stew ${index}` })),
    )
    const slugs = made.map((recipe) => recipe.slug)
    const answers = await Promise.all([
      // Overlapping sets named in opposite orders, beside saves of the same recipes: each statement's trigger runs
      // inside its caller's locks, and every call must still answer.
      ...[quick, cosy, spicy].map((tag, index) =>
        testApp.api.call(bulkTagRecipes, {
          as: cook,
          body: { recipes: index % 2 === 0 ? slugs : [...slugs].reverse(), tags: [{ id: tag.id }] },
        }),
      ),
      ...slugs.map((slug, index) =>
        testApp.api.call(patchRecipe, {
          as: cook,
          params: { slug },
          body: { tags: index % 2 === 0 ? [{ id: quick.id }] : [] },
        }),
      ),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    await expectCopiesMatchLinks(made.map((recipe) => recipe.id))
  })

  it('answer the tag filters: any, all, and a key that names no tag', async () => {
    const { cook, quick, cosy } = await cookWithOrganizers()
    const both = await testApp.make.recipe({ owner: cook, name: 'Both' })
    const one = await testApp.make.recipe({ owner: cook, name: 'One' })
    await testApp.api.ok(patchRecipe, {
      as: cook,
      params: { slug: both.slug },
      body: { tags: [{ id: quick.id }, { id: cosy.id }] },
    })
    await testApp.api.ok(patchRecipe, { as: cook, params: { slug: one.slug }, body: { tags: [{ id: quick.id }] } })

    expect(await names(cook, { tags: ['quick', cosy.id] })).toEqual(['Both', 'One'])
    expect(await names(cook, { tags: ['quick', cosy.id], requireAllTags: true })).toEqual(['Both'])
    expect(await names(cook, { tags: ['quick', 'no-such-tag'], requireAllTags: true })).toEqual([])
    expect(await names(cook, { queryFilter: 'tags.slug CONTAINS ALL ["quick", "cosy"]' })).toEqual(['Both'])
    expect(await names(cook, { queryFilter: 'tags.name IS NULL' })).toEqual([])
  })
})
