import {
  categoryEndpoints,
  createFood,
  deleteFood,
  getRecipe,
  listFoods,
  listRecipes,
  mergeFoods,
  patchRecipe,
  tagEndpoints,
  updateFood,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'

/**
 * A recipe's search document holds the names of its tags, categories and foods, which other areas rename, merge and
 * delete: search must follow them at once, not when the recipe is next saved.
 */
async function library() {
  const testApp = await createTestApp()
  const { make, api } = testApp
  const organizer = await make.user({ canOrganize: true })
  const recipe = await make.recipe({ owner: organizer, name: 'Sunday Stew' })
  await api.ok(patchRecipe, {
    as: organizer,
    params: { slug: recipe.slug },
    body: {
      tags: ['Zanzibar'],
      recipeCategory: ['Quixotic'],
      recipeIngredient: [{ food: { name: 'Kohlrabi' } }, { food: { name: 'Celeriac' } }],
    },
  })
  const read = (await api.ok(getRecipe, { as: organizer, params: { slug: recipe.slug } })) as {
    tags: { id: string }[]
    recipeCategory: { id: string }[]
  }
  const foods = (await api.ok(listFoods, { as: organizer, query: { perPage: -1 } })) as {
    items: { id: string; name: string }[]
  }
  const foodId = (name: string) => foods.items.find((food) => food.name === name)!.id
  const search = async (text: string) => {
    const page = (await api.ok(listRecipes, { as: organizer, query: { search: text } })) as {
      items: { name: string }[]
    }
    return page.items.map((item) => item.name)
  }
  return {
    ...testApp,
    organizer,
    search,
    tagId: read.tags[0]!.id,
    categoryId: read.recipeCategory[0]!.id,
    kohlrabi: foodId('Kohlrabi'),
    celeriac: foodId('Celeriac'),
  }
}

describe('search after organizers and foods change', () => {
  it('corrects a misspelt word to the words of the names as they are now, not as they were', async () => {
    const { api, make, organizer, search } = await library()
    await make.recipe({ owner: organizer, name: 'Onion Soup' })
    const soup = await make.recipe({ owner: organizer, name: 'Tomatto Soup' })
    await api.ok(patchRecipe, { as: organizer, params: { slug: soup.slug }, body: { name: 'Tomato Soup' } })
    // `tomatto` no longer names a recipe: corrected to `tomato`, the search holds every word, and only that soup.
    expect(await search('tomatto soup')).toEqual(['Tomato Soup'])
  })

  it('finds a recipe under its renamed tag and no longer under the old name', async () => {
    const { api, organizer, search, tagId } = await library()
    expect(await search('zanzibar')).toEqual(['Sunday Stew'])
    await api.ok(tagEndpoints.update, { as: organizer, params: { id: tagId }, body: { name: 'Marrakesh' } })
    expect(await search('marrakesh')).toEqual(['Sunday Stew'])
    expect(await search('zanzibar')).toEqual([])
  })

  it('renames a tag while its recipe is saved in parallel: every call answers, search ends on the last name', async () => {
    const { api, organizer, search, tagId } = await library()
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']
    const answers = await Promise.all(
      names.flatMap((name, index) => [
        api.call(tagEndpoints.update, { as: organizer, params: { id: tagId }, body: { name } }),
        api.call(patchRecipe, {
          as: organizer,
          params: { slug: 'sunday-stew' },
          body: { description: `Take ${index}`, tags: [{ id: tagId, name: 'Zanzibar', slug: 'zanzibar' }] },
        }),
      ]),
    )
    expect(answers.map((answer) => answer.status)).toEqual(names.flatMap(() => [200, 200]))
    const { name } = (await api.ok(tagEndpoints.get, { as: organizer, params: { id: tagId } })) as { name: string }
    expect(await search(name)).toEqual(['Sunday Stew'])
  })

  it('follows a renamed and a deleted category', async () => {
    const { api, organizer, search, categoryId } = await library()
    await api.ok(categoryEndpoints.update, { as: organizer, params: { id: categoryId }, body: { name: 'Whimsical' } })
    expect(await search('whimsical')).toEqual(['Sunday Stew'])
    expect(await search('quixotic')).toEqual([])
    await api.ok(categoryEndpoints.remove, { as: organizer, params: { id: categoryId } })
    expect(await search('whimsical')).toEqual([])
  })

  it('finds a recipe under the food its ingredient was merged into, and not under the merged-away food', async () => {
    const { api, organizer, search, kohlrabi } = await library()
    const { id: parsnip } = (await api.ok(createFood, { as: organizer, body: { name: 'Parsnip' } })) as { id: string }
    await api.ok(mergeFoods, { as: organizer, body: { fromFood: kohlrabi, toFood: parsnip } })
    expect(await search('parsnip')).toEqual(['Sunday Stew'])
    expect(await search('kohlrabi')).toEqual([])
  })

  it('follows a renamed food, its plural, and a deleted food; an on-hand toggle keeps the document', async () => {
    const { api, organizer, search, celeriac } = await library()
    await api.ok(updateFood, { as: organizer, params: { id: celeriac }, body: { name: 'Celeriac', onHand: true } })
    expect(await search('celeriac')).toEqual(['Sunday Stew'])
    await api.ok(updateFood, {
      as: organizer,
      params: { id: celeriac },
      body: { name: 'Celery root', pluralName: 'Celery roots' },
    })
    expect(await search('celery')).toEqual(['Sunday Stew'])
    expect(await search('celeriac')).toEqual([])
    await api.ok(deleteFood, { as: organizer, params: { id: celeriac } })
    expect(await search('celery')).toEqual([])
  })
})
