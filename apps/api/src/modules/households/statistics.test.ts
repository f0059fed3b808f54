import { getHouseholdStatistics } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { categories, tags, tools } from '../../db/schema/index.js'

describe('GET /api/households/statistics', () => {
  it("counts the household's recipes and members, and the group's categories, tags and tools", async () => {
    const { api, make, db } = await createTestApp()
    const home = await make.household()
    const cook = await make.user({ householdId: home.id })
    const mate = await make.user({ householdId: home.id })
    const neighbour = await make.user({ householdId: (await make.household({ groupId: home.groupId })).id })
    const stranger = await make.user()
    const empty = await api.ok(getHouseholdStatistics, { as: cook })
    expect(empty).toEqual({ totalRecipes: 0, totalUsers: 2, totalCategories: 0, totalTags: 0, totalTools: 0 })

    await make.recipe({ owner: cook })
    await make.recipe({ owner: mate })
    await make.recipe({ owner: neighbour })
    await make.recipe({ owner: stranger })
    const organizers = (groupId: string, prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({ groupId, name: `${prefix}${index}`, slug: `${prefix}${index}` }))
    await db.insert(categories).values(organizers(home.groupId, 'c', 1))
    await db.insert(tags).values(organizers(home.groupId, 't', 2))
    await db.insert(tools).values(organizers(home.groupId, 'o', 3))
    await db.insert(tags).values(organizers(stranger.groupId, 't', 4))

    expect(await api.ok(getHouseholdStatistics, { as: cook })).toEqual({
      totalRecipes: 2,
      totalUsers: 2,
      totalCategories: 1,
      totalTags: 2,
      totalTools: 3,
    })
    expect(await api.ok(getHouseholdStatistics, { as: neighbour })).toMatchObject({ totalRecipes: 1, totalUsers: 1 })
    expect(await api.ok(getHouseholdStatistics, { as: stranger })).toMatchObject({ totalRecipes: 1, totalTags: 4 })
  })
})
