import { allEndpoints } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-app.js'
import { endpointCases, type EndpointCase, type Rule } from './endpoint-calls.js'
import { buildWorld, type Role, type World } from './world.js'

function mayCall(rule: Rule, role: Role): boolean {
  if (rule === 'anyone' || rule === 'member') return true
  if (role === 'admin') return true
  return rule === role
}

const keyOf = (definition: { method: string; path: string }) => `${definition.method} ${definition.path}`

describe('isolation matrix: every endpoint × two groups × two households × every flag', () => {
  let testApp: TestApp
  let world: World
  let cases: Record<string, EndpointCase>

  beforeAll(async () => {
    testApp = await createTestApp()
    world = await buildWorld(testApp)
    cases = endpointCases(testApp, world)
  })

  it('has a case for every endpoint the contracts declare, and none for endpoints that do not exist', () => {
    const declared = allEndpoints.map(keyOf).sort()
    expect(Object.keys(cases).sort()).toEqual(declared)
  })

  it.each(allEndpoints.map((definition) => [keyOf(definition), definition] as const))(
    '%s',
    async (key, definition) => {
      const endpointCase = cases[key]!
      const { app } = testApp
      if (endpointCase.rule !== 'anyone') {
        const stranger = await endpointCase.request(world.users[0]!)
        const anonymous = await app.inject({
          method: definition.method,
          url: stranger.url,
          payload: stranger.payload,
          headers: Object.fromEntries(
            Object.entries(stranger.headers ?? {}).filter(([name]) => name !== 'authorization'),
          ),
        })
        expect(anonymous.statusCode, `${key} without credentials`).toBe(401)
      }
      for (const caller of world.users) {
        const request = await endpointCase.request(caller)
        const response = await app.inject({
          method: definition.method,
          url: request.url,
          payload: request.payload,
          headers: { authorization: caller.authorization, ...request.headers },
        })
        const label = `${key} as ${caller.role} of ${caller.groupId.slice(0, 8)}/${caller.householdId.slice(0, 8)}: ${response.body.slice(0, 200)}`
        if (mayCall(endpointCase.rule, caller.role)) {
          if (endpointCase.allowedStatus) expect(response.statusCode, label).toBe(endpointCase.allowedStatus)
          else expect(response.statusCode >= 200 && response.statusCode < 300, label).toBe(true)
        } else {
          expect(response.statusCode, label).toBe(403)
        }
        if (endpointCase.foreignCheck !== false) {
          const otherGroup = world.groups.find((group) => group.id !== caller.groupId)!
          for (const foreignId of world.idsOfGroup(otherGroup.id)) {
            expect(response.body.includes(foreignId), `${label} leaks ${foreignId}`).toBe(false)
          }
        }
      }
    },
    60_000,
  )
})
