import { bulkTagRecipes, getHouseholdStatistics, getRecipe, patchRecipe, updateRecipe } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { tags } from '../../db/schema/index.js'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

async function kitchen() {
  const { make } = testApp
  const household = await make.household()
  const owner = await make.user({ householdId: household.id })
  const mate = await make.user({ householdId: household.id })
  const neighbour = await make.user({ householdId: (await make.household({ groupId: household.groupId })).id })
  return { owner, mate, neighbour }
}

describe('changing the owner of a recipe (PUT/PATCH userId, docs/security.md "Recipe edit and delete rules")', () => {
  it("lets a householdmate hand an unlocked recipe to a member of another household; the household follows, and the neighbour's rules apply from then on", async () => {
    const { owner, mate, neighbour } = await kitchen()
    const recipe = await testApp.make.recipe({ owner })
    const before = await testApp.api.ok(getHouseholdStatistics, { as: neighbour })

    const moved = await testApp.api.ok(updateRecipe, {
      as: mate,
      params: { slug: recipe.slug },
      body: { name: recipe.name, userId: neighbour.id },
    })
    expect(moved).toMatchObject({ userId: neighbour.id, householdId: neighbour.householdId, groupId: owner.groupId })
    expect((await testApp.api.ok(getHouseholdStatistics, { as: neighbour })).totalRecipes).toBe(before.totalRecipes + 1)

    // Now of a household that locks its recipes from others: the former owner's household may not edit it…
    const refused = await testApp.api.call(patchRecipe, {
      as: owner,
      params: { slug: recipe.slug },
      body: { userId: owner.id },
    })
    expect(refused.status).toBe(403)
    // …nor reach it through the bulk actions, which are the recipe's household's.
    const [tag] = await testApp.db
      .insert(tags)
      .values({ groupId: owner.groupId, name: `T${recipe.id.slice(0, 6)}`, slug: `t${recipe.id.slice(0, 6)}` })
      .returning()
    expect(
      (await testApp.api.call(bulkTagRecipes, { as: owner, body: { recipes: [recipe.slug], tags: [{ id: tag!.id }] } }))
        .status,
    ).toBe(404)
    // The new owner may hand it back.
    const back = await testApp.api.ok(patchRecipe, {
      as: neighbour,
      params: { slug: recipe.slug },
      body: { userId: owner.id },
    })
    expect(back).toMatchObject({ userId: owner.id, householdId: owner.householdId })
  })

  it('refuses the transfer of a locked recipe to all but its owner, and a member of another household taking one', async () => {
    const { owner, mate, neighbour } = await kitchen()
    const locked = await testApp.make.recipe({ owner, settingsLocked: true })
    const take = (as: typeof owner, slug: string) =>
      testApp.api.call(patchRecipe, { as, params: { slug }, body: { userId: as.id } })
    expect((await take(mate, locked.slug)).status).toBe(403)
    const open = await testApp.make.recipe({ owner })
    expect((await take(neighbour, open.slug)).status).toBe(403)
    expect((await testApp.api.ok(getRecipe, { as: owner, params: { slug: open.slug } })).userId).toBe(owner.id)

    const given = await testApp.api.ok(patchRecipe, {
      as: owner,
      params: { slug: locked.slug },
      body: { userId: mate.id },
    })
    expect(given).toMatchObject({ userId: mate.id, householdId: owner.householdId, settings: { locked: true } })
  })
})
