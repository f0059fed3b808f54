import {
  addUserFavorite,
  getOwnRating,
  listOwnFavorites,
  listOwnRatings,
  listUserFavorites,
  listUserRatings,
  removeUserFavorite,
  setUserRating,
} from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

const range = (count: number) => Array.from({ length: count }, (_, index) => index)

describe('ratings and favourites', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp()
  })

  const recipeRating = async (recipeId: string) => {
    const [row] = await testApp.sql<{ rating: number | null }[]>`select rating from recipes where id = ${recipeId}`
    return row!.rating
  }
  const ratingRows = (recipeId: string) =>
    testApp.sql<{ user_id: string; rating: number | null; is_favorite: boolean }[]>`
      select user_id, rating, is_favorite from user_recipe_ratings where recipe_id = ${recipeId}`

  it('rates by slug or id, changes only the fields given and keeps the recipe average of ratings above 0', async () => {
    const { api, make } = testApp
    const cook = await make.user()
    const mate = await make.user({ householdId: cook.householdId })
    const recipe = await make.recipe({ owner: cook, name: 'Onion Soup' })

    await api.ok(setUserRating, { as: cook, params: { id: cook.id, slug: 'onion-soup' }, body: { rating: 4 } })
    expect(await api.ok(getOwnRating, { as: cook, params: { recipeId: recipe.id } })).toEqual({
      recipeId: recipe.id,
      rating: 4,
      isFavorite: false,
    })
    await api.ok(setUserRating, { as: mate, params: { id: mate.id, slug: recipe.id }, body: { rating: 1 } })
    expect(await recipeRating(recipe.id)).toBe(2.5)

    // A favourite flag alone leaves the rating; clearing a rating (0) drops it from the average.
    await api.ok(setUserRating, { as: cook, params: { id: cook.id, slug: recipe.slug }, body: { isFavorite: true } })
    expect(await api.ok(getOwnRating, { as: cook, params: { recipeId: recipe.id } })).toMatchObject({
      rating: 4,
      isFavorite: true,
    })
    await api.ok(setUserRating, { as: mate, params: { id: mate.id, slug: recipe.slug }, body: { rating: 0 } })
    expect(await recipeRating(recipe.id)).toBe(4)
    await api.ok(setUserRating, { as: cook, params: { id: cook.id, slug: recipe.slug }, body: { rating: 0 } })
    expect(await recipeRating(recipe.id)).toBeNull()
    expect(await ratingRows(recipe.id)).toHaveLength(2)
  })

  it('lists the caller’s ratings and favourites; a favourite removed keeps its rating row', async () => {
    const { api, make } = testApp
    const cook = await make.user()
    const soup = await make.recipe({ owner: cook })
    const stew = await make.recipe({ owner: cook })
    await api.ok(setUserRating, { as: cook, params: { id: cook.id, slug: soup.slug }, body: { rating: 5 } })
    await api.ok(addUserFavorite, { as: cook, params: { id: cook.id, slug: stew.slug } })

    const own = await api.ok(listOwnRatings, { as: cook })
    expect(own.ratings).toEqual([
      { recipeId: soup.id, rating: 5, isFavorite: false },
      { recipeId: stew.id, rating: null, isFavorite: true },
    ])
    expect((await api.ok(listOwnFavorites, { as: cook })).ratings.map((rating) => rating.recipeId)).toEqual([stew.id])
    const byId = await api.ok(listUserRatings, { as: cook, params: { id: cook.id } })
    expect(byId.ratings[0]).toMatchObject({ recipeId: soup.id, userId: cook.id, id: expect.any(String) })

    await api.ok(removeUserFavorite, { as: cook, params: { id: cook.id, slug: stew.slug } })
    expect((await api.ok(listUserFavorites, { as: cook, params: { id: cook.id } })).ratings).toEqual([])
    expect(await ratingRows(stew.id)).toEqual([{ user_id: cook.id, rating: null, is_favorite: false }])

    const unrated = await api.call(getOwnRating, {
      as: cook,
      params: { recipeId: (await make.recipe({ owner: cook })).id },
    })
    expect(unrated.status).toBe(404)
    expect(unrated.body).toMatchObject({ detail: { message: 'User has not rated this recipe' } })
  })

  it("refuses another user's ratings and favourites to a member (403) and allows them to an administrator", async () => {
    const { api, make } = testApp
    const cook = await make.user()
    const mate = await make.user({ householdId: cook.householdId })
    const admin = await make.user({ admin: true })
    const recipe = await make.recipe({ owner: cook })
    await api.ok(setUserRating, { as: cook, params: { id: cook.id, slug: recipe.slug }, body: { rating: 3 } })

    for (const endpoint of [listUserRatings, listUserFavorites]) {
      expect((await api.call(endpoint, { as: mate, params: { id: cook.id } })).status).toBe(403)
    }
    const writes = [
      api.call(setUserRating, { as: mate, params: { id: cook.id, slug: recipe.slug }, body: { rating: 1 } }),
      api.call(addUserFavorite, { as: mate, params: { id: cook.id, slug: recipe.slug } }),
      api.call(removeUserFavorite, { as: mate, params: { id: cook.id, slug: recipe.slug } }),
    ]
    for (const answer of await Promise.all(writes)) expect(answer.status).toBe(403)
    expect(await ratingRows(recipe.id)).toEqual([{ user_id: cook.id, rating: 3, is_favorite: false }])

    // An administrator of another group reads and changes them, within the rated user's own group.
    expect((await api.ok(listUserRatings, { as: admin, params: { id: cook.id } })).ratings).toHaveLength(1)
    await api.ok(setUserRating, { as: admin, params: { id: cook.id, slug: recipe.slug }, body: { rating: 5 } })
    expect(await recipeRating(recipe.id)).toBe(5)
    const unknown = await api.call(listUserRatings, {
      as: admin,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.status).toBe(404)
  })

  it("answers 404 for another group's recipe or an unknown one, and 422 outside 0–5, writing nothing", async () => {
    const { api, make } = testApp
    const cook = await make.user()
    const stranger = await make.user()
    const foreign = await make.recipe({ owner: stranger })
    const own = await make.recipe({ owner: cook })

    for (const slug of [foreign.slug, foreign.id, 'no-such-recipe']) {
      const rated = await api.call(setUserRating, { as: cook, params: { id: cook.id, slug }, body: { rating: 2 } })
      expect(rated.status, slug).toBe(404)
      expect((await api.call(addUserFavorite, { as: cook, params: { id: cook.id, slug } })).status).toBe(404)
    }
    for (const rating of [-1, 5.5, 'five']) {
      const answer = await api.call(setUserRating, {
        as: cook,
        params: { id: cook.id, slug: own.slug },
        body: { rating } as never,
      })
      expect(answer.status, String(rating)).toBe(422)
    }
    const badUser = await api.call(listUserRatings, { as: cook, params: { id: 'not-a-uuid' } })
    expect(badUser.status).toBe(422)
    expect(await ratingRows(foreign.id)).toEqual([])
    expect(await ratingRows(own.id)).toEqual([])
  })

  it('keeps one row per user and the exact average under parallel ratings from many users and from one', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const raters = await Promise.all(range(8).map(() => make.user({ householdId: owner.householdId })))
    const stars = [1, 2, 3, 4, 5, 5, 4, 2]
    await Promise.all(
      raters.map((rater, index) =>
        api.ok(setUserRating, {
          as: rater,
          params: { id: rater.id, slug: recipe.slug },
          body: { rating: stars[index]! },
        }),
      ),
    )
    expect(await ratingRows(recipe.id)).toHaveLength(8)
    expect(await recipeRating(recipe.id)).toBeCloseTo(stars.reduce((sum, star) => sum + star, 0) / 8, 10)

    // One user, many parallel calls: still one row, and the average is that row's final rating with the others.
    const [first] = raters
    await Promise.all(
      range(10).map((index) =>
        api.ok(setUserRating, {
          as: first!,
          params: { id: first!.id, slug: recipe.id },
          body: { rating: (index % 5) + 1, isFavorite: index % 2 === 0 },
        }),
      ),
    )
    const rows = await ratingRows(recipe.id)
    expect(rows).toHaveLength(8)
    const expected = rows.reduce((sum, row) => sum + (row.rating ?? 0), 0) / 8
    expect(await recipeRating(recipe.id)).toBeCloseTo(expected, 10)
  })

  it('keeps one row per user under parallel favourites and ratings of the same recipe', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const users = await Promise.all(range(5).map(() => make.user({ householdId: owner.householdId })))
    await Promise.all(
      users.flatMap((user) => [
        api.ok(addUserFavorite, { as: user, params: { id: user.id, slug: recipe.slug } }),
        api.ok(addUserFavorite, { as: user, params: { id: user.id, slug: recipe.id } }),
        api.ok(setUserRating, { as: user, params: { id: user.id, slug: recipe.slug }, body: { rating: 4 } }),
      ]),
    )
    const rows = await ratingRows(recipe.id)
    expect(rows).toHaveLength(5)
    expect(rows.every((row) => row.is_favorite && row.rating === 4)).toBe(true)
    expect(await recipeRating(recipe.id)).toBe(4)
  })
})
