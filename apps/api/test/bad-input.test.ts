import { allEndpoints, type EndpointDefinition } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test-app.js'

/** Row counts of every table, to prove a refused request wrote nothing. */
async function rowCounts(testApp: TestApp): Promise<Record<string, number>> {
  const tables = await testApp.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await testApp.sql`select count(*)::int as count from ${testApp.sql(name)}`
    counts[name] = row?.count as number
  }
  return counts
}

function pathWith(definition: EndpointDefinition, value: string): string {
  return definition.path.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value))
}

const withBody = allEndpoints.filter((definition) => definition.body)
const withParams = allEndpoints.filter((definition) => definition.path.includes(':'))

describe('bad input never writes and never answers 5xx', () => {
  let testApp: TestApp
  let authorization: string
  let before: Record<string, number>

  beforeAll(async () => {
    testApp = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const admin = await testApp.make.user({ admin: true })
    authorization = (await testApp.signIn(admin.email, admin.password)).authorization
    before = await rowCounts(testApp)
  })

  it.each(withBody.map((definition) => [`${definition.method} ${definition.path}`, definition] as const))(
    '%s refuses bodies of the wrong shape',
    async (_key, definition) => {
      const url = pathWith(definition, '00000000-0000-4000-8000-000000000000')
      const send = (payload: string, contentType = 'application/json') =>
        testApp.app.inject({
          method: definition.method,
          url,
          payload,
          headers: { authorization, 'content-type': contentType },
        })
      const wrongType = await send('[1, 2, 3]')
      expect(wrongType.statusCode, wrongType.body).toBe(422)
      expect(Array.isArray(wrongType.json().detail)).toBe(true)
      const malformed = await send('{"unterminated": ')
      expect(malformed.statusCode).toBe(400)
      const tooLong = await send(JSON.stringify({ value: 'x'.repeat(3 * 1024 * 1024) }))
      expect(tooLong.statusCode).toBe(413)
      const wrongMediaType = await send('<xml/>', 'application/xml')
      expect(wrongMediaType.statusCode).toBe(415)
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )

  it.each(withParams.map((definition) => [`${definition.method} ${definition.path}`, definition] as const))(
    '%s answers 4xx for unknown or malformed ids',
    async (_key, definition) => {
      for (const value of ['not-a-valid-id', '00000000-0000-4000-8000-000000000000', '../../etc/passwd']) {
        const response = await testApp.app.inject({
          method: definition.method,
          url: pathWith(definition, value),
          headers: { authorization },
          ...(definition.body ? { payload: {} } : {}),
        })
        expect(response.statusCode, `${value}: ${response.body}`).toBeGreaterThanOrEqual(400)
        expect(response.statusCode, `${value}: ${response.body}`).toBeLessThan(500)
      }
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )
})
