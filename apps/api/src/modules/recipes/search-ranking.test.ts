import { listRecipes, patchRecipe, tagEndpoints } from '@larder/contracts'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

/**
 * The search ranks in full only the recipes that can reach the requested page (a floor read from the recipes holding
 * every word in their name and organizers, the head kept beside the document): every page must still be the page of
 * the full ranking, and the head must follow what the document follows.
 */
async function kimchiLibrary() {
  const testApp = await createTestApp()
  const { make, api } = testApp
  const organizer = await make.user({ canOrganize: true })
  const names = ['Kimchi', 'Kimchi fried rice', 'Kimchi jjigae', 'Pork and kimchi dumplings', 'Quick kimchi']
  for (const name of names) await make.recipe({ owner: organizer, name })
  // Holding the word in an ingredient (C), in a step (D), among the tags (B): below every recipe naming it, in that order.
  const inIngredients = ['Bibimbap', 'Korean tacos', 'Cheese toast']
  const inSteps = ['Fried eggs', 'Congee', 'Grilled cheese', 'Rice bowl']
  const withBody = async (name: string, body: Record<string, unknown>) => {
    const recipe = await make.recipe({ owner: organizer, name })
    await api.ok(patchRecipe, { as: organizer, params: { slug: recipe.slug }, body })
  }
  for (const name of inIngredients) await withBody(name, { recipeIngredient: [{ note: 'a cup of kimchi, chopped' }] })
  for (const name of inSteps) await withBody(name, { recipeInstructions: [{ text: 'Serve with kimchi on the side.' }] })
  const tagged = await make.recipe({ owner: organizer, name: 'Banchan platter' })
  await api.ok(patchRecipe, { as: organizer, params: { slug: tagged.slug }, body: { tags: ['Kimchi'] } })
  const page = async (search: string, pageNumber: number, perPage: number, queryFilter?: string) => {
    const query = { search, page: pageNumber, perPage, ...(queryFilter ? { queryFilter } : {}) }
    const found = (await api.ok(listRecipes, { as: organizer, query })) as { total: number; items: { name: string }[] }
    return { total: found.total, names: found.items.map((item) => item.name) }
  }
  return { ...testApp, organizer, names, inIngredients, inSteps, tagged, page }
}

describe('search ranking by pages', () => {
  it('gives every page of the full ranking: names, then tags, then ingredients, then steps', async () => {
    const { page, names, inIngredients, inSteps } = await kimchiLibrary()
    const ranked: string[] = []
    for (let pageNumber = 1; pageNumber <= 7; pageNumber++) {
      const found = await page('kimchi', pageNumber, 2)
      expect(found.total).toBe(13)
      // A filter that holds for every recipe takes the floor away: the same page, ranked in full.
      const unbounded = await page('kimchi', pageNumber, 2, 'name IS NOT NULL')
      expect(found.names).toEqual(unbounded.names)
      ranked.push(...found.names)
    }
    expect(ranked).toHaveLength(13)
    expect(new Set(ranked.slice(0, 5))).toEqual(new Set(names))
    expect(ranked[5]).toBe('Banchan platter')
    expect(new Set(ranked.slice(6, 9))).toEqual(new Set(inIngredients))
    expect(new Set(ranked.slice(9))).toEqual(new Set(inSteps))
    expect(ranked[0]).toBe('Kimchi')
  })

  it('keeps the head equal to the name and organizers of the document after a tag is renamed', async () => {
    const { db, api, organizer, tagged, page } = await kimchiLibrary()
    const heads = async () =>
      db.execute<{ same: boolean }>(
        sql`select search_head is not distinct from ts_filter(search_document, '{a,b}') as same from recipes
          where group_id = ${organizer.groupId}`,
      )
    expect((await heads()).every((row) => row.same)).toBe(true)
    const tags = (await api.ok(tagEndpoints.list, { as: organizer, query: { perPage: -1 } })) as {
      items: { id: string; name: string }[]
    }
    const tag = tags.items.find((item) => item.name === 'Kimchi')!
    await api.ok(tagEndpoints.update, { as: organizer, params: { id: tag.id }, body: { name: 'Kimchi sides' } })
    expect((await heads()).every((row) => row.same)).toBe(true)
    // Its new word among the tags ranks the tagged recipe above the steps that mention a side.
    const found = await page('side', 1, 1)
    expect(found).toEqual({ total: 5, names: [tagged.name] })
  })

  it('ranks a name spelled like the search above recipes holding its words only in ingredients or steps', async () => {
    const { make, api } = await createTestApp()
    const cook = await make.user()
    const withBody = async (name: string, body: Record<string, unknown>) => {
      const recipe = await make.recipe({ owner: cook, name })
      await api.ok(patchRecipe, { as: cook, params: { slug: recipe.slug }, body })
    }
    await withBody('Cacio e Pepe Crackers', {
      recipeIngredient: [{ note: '1 tsp chilli flakes' }, { note: '100 g pecorino cheese' }],
      recipeInstructions: [{ text: 'Bake like a cake until crisp.' }],
    })
    await withBody('Zucchini Rolls', {
      recipeIngredient: [{ note: '200 g ricotta cheese' }, { note: '1 fish cake, sliced' }],
      recipeInstructions: [{ text: 'Roll up and sprinkle with chilli.' }],
    })
    await withBody('Texas Red Chili', { recipeIngredient: [{ note: '1 kg beef chuck' }] })
    await withBody('Mini cheesecakes', {
      recipeIngredient: [{ note: '200 g cream cheese' }],
      recipeInstructions: [{ text: 'Cool the little cakes in their tin.' }],
    })
    const first = async (search: string, perPage = 10) => {
      const found = await api.ok(listRecipes, { as: cook, query: { search, perPage } })
      return found.items.map((item) => item.name)[0]
    }
    expect(await first('chilli')).toBe('Texas Red Chili')
    expect(await first('cheese cake')).toBe('Mini cheesecakes')
    // The first page alone, ranked with the floor that spares reading documents, agrees.
    expect(await first('chilli', 1)).toBe('Texas Red Chili')
    expect(await first('cheese cake', 1)).toBe('Mini cheesecakes')
  })
})
