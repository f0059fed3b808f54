import { createCookbook, tagEndpoints } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-app.js'
import { buildWorld, type World, type WorldUser } from './world.js'

/** What `/api/live` replays to `caller` from the start of their group's events, as `event:` names and data. */
async function replayFor(testApp: TestApp, caller: WorldUser) {
  const answer = await testApp.app.inject({
    url: '/api/live?once=true&lastEventId=0',
    headers: { authorization: caller.authorization },
  })
  expect(answer.statusCode).toBe(200)
  return answer.body
}

describe("isolation of /api/live: nothing of another group, nor of another household's own data", () => {
  let testApp: TestApp
  let world: World
  let tagId: string
  let cookbookId: string

  beforeAll(async () => {
    testApp = await createTestApp()
    world = await buildWorld(testApp)
    const [groupA] = world.groups
    const organizerA1 = world.users.find(
      (user) =>
        user.groupId === groupA!.id && user.householdId === groupA!.households[0]!.id && user.role === 'canOrganize',
    )!
    tagId = (await testApp.api.ok(tagEndpoints.create, { as: organizerA1, body: { name: 'Only group A' } })).id
    cookbookId = (await testApp.api.ok(createCookbook, { as: organizerA1, body: { name: 'Only house A1' } })).id
  })

  it('gives every member of group A its tag, only house A1 its cookbook, and group B neither', async () => {
    const [groupA] = world.groups
    for (const caller of world.users) {
      const body = await replayFor(testApp, caller)
      const label = `${caller.role} of ${caller.groupId === groupA!.id ? 'A' : 'B'}`
      const inGroupA = caller.groupId === groupA!.id
      const inHouseA1 = caller.householdId === groupA!.households[0]!.id
      expect(body.includes(tagId), `${label} hears the tag`).toBe(inGroupA)
      expect(body.includes(cookbookId), `${label} hears the cookbook`).toBe(inHouseA1)
    }
  })
})
