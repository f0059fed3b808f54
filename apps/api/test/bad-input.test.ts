import { allEndpoints, schemaDefinitionOf, type EndpointDefinition } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
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
const withForm = allEndpoints.filter((definition) => definition.bodyEncoding === 'form')
const lists = allEndpoints.filter((definition) => definition.query?.shape.queryFilter)
const keyOf = (definition: EndpointDefinition) => `${definition.method} ${definition.path}`

/** Text PostgreSQL cannot store: a NUL, and a lone surrogate (no UTF-8 encoding). */
const unsafeTexts = ['nul\u0000byte', 'lone\ud800surrogate']
/** A NUL in a URL. A surrogate cannot be sent there: its bytes (CESU-8) are not UTF-8 and decode to U+FFFD. */
const nulInUrl = 'nul%00byte'

/** A body with `text` in every string field the schema declares, nested too, and the path of each such field. */
function bodyWithText(
  schema: z.ZodType,
  text: string,
  path: (string | number)[] = [],
): [unknown, (string | number)[][]] {
  const definition = schemaDefinitionOf(schema)
  if (definition.innerType) return bodyWithText(definition.innerType, text, path)
  switch (definition.type) {
    case 'string':
      return [text, [path]]
    case 'pipe': {
      const inputSide = schemaDefinitionOf(definition.in!).type === 'transform' ? definition.out! : definition.in!
      return bodyWithText(inputSide, text, path)
    }
    case 'array': {
      const [item, paths] = bodyWithText(definition.element!, text, [...path, 0])
      return paths.length > 0 ? [[item], paths] : [[], []]
    }
    case 'object': {
      const body: Record<string, unknown> = {}
      const paths: (string | number)[][] = []
      for (const [key, field] of Object.entries(definition.shape ?? {})) {
        const [value, fieldPaths] = bodyWithText(field, text, [...path, key])
        if (fieldPaths.length > 0) {
          body[key] = value
          paths.push(...fieldPaths)
        }
      }
      return [body, paths]
    }
    default:
      return [undefined, []]
  }
}

/** The item schema of a paginated answer: the `items` array of its 200 envelope. */
function itemShape(definition: EndpointDefinition): Record<string, z.ZodType> {
  // A list whose items wrap what it filters (suggestions: `{recipe, missingFoods, missingTools}`) declares it.
  if (definition.filterable) return schemaDefinitionOf(definition.filterable).shape ?? {}
  const envelope = schemaDefinitionOf(definition.responses[200] as z.ZodType)
  const items = schemaDefinitionOf(envelope.shape!.items!)
  return schemaDefinitionOf(items.element!).shape ?? {}
}

describe('bad input never writes and never answers 5xx', () => {
  let testApp: TestApp
  let authorization: string
  let before: Record<string, number>
  /** The lists under a group's address (explore) read a public group. */
  let listPathOf: (definition: EndpointDefinition) => string

  beforeAll(async () => {
    testApp = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const publicGroup = await testApp.make.group({ privateGroup: false })
    listPathOf = (definition) => definition.path.replace(':groupSlug', publicGroup.slug)
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

  it.each(withBody.map((definition) => [keyOf(definition), definition] as const))(
    '%s refuses NUL and lone surrogates in every string field of its body with 422',
    async (_key, definition) => {
      for (const text of unsafeTexts) {
        const [body, paths] = bodyWithText(definition.body!, text)
        if (paths.length === 0) continue
        const response = await testApp.app.inject({
          method: definition.method,
          url: pathWith(definition, '00000000-0000-4000-8000-000000000000'),
          payload: body as object,
          headers: { authorization },
        })
        expect(response.statusCode, response.body).toBe(422)
        const locations = (response.json().detail as { loc: unknown[] }[]).map((issue) => issue.loc)
        for (const path of paths) expect(locations).toContainEqual(['body', ...path])
      }
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )

  it.each(allEndpoints.map((definition) => [keyOf(definition), definition] as const))(
    '%s refuses a NUL in every query parameter (422) and path parameter (4xx)',
    async (_key, definition) => {
      const call = (url: string) =>
        testApp.app.inject({
          method: definition.method,
          url,
          headers: { authorization },
          ...(definition.body ? { payload: {} } : {}),
        })
      // Endpoints without query parameters are tried with an undeclared one: nothing may pass it on unchecked.
      const queryNames = definition.query ? Object.keys(definition.query.shape) : ['probe']
      for (const name of queryNames) {
        const response = await call(
          `${pathWith(definition, '00000000-0000-4000-8000-000000000000')}?${name}=${nulInUrl}`,
        )
        expect(response.statusCode, `${name}: ${response.body}`).toBe(422)
        expect(response.json().detail[0].loc).toEqual(['query', name])
      }
      if (definition.path.includes(':')) {
        const response = await call(definition.path.replace(/:([A-Za-z0-9_]+)/g, nulInUrl))
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400)
        expect(response.statusCode, response.body).toBeLessThan(500)
      }
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )

  it.each(lists.map((definition) => [keyOf(definition), definition] as const))(
    '%s takes a search and a LIKE filter that end in a backslash as text',
    async (_key, definition) => {
      const list = (query: string) =>
        testApp.app.inject({ method: 'GET', url: `${listPathOf(definition)}?${query}`, headers: { authorization } })
      for (const search of ['\\', 'abc\\', '"abc\\"', '%_\\']) {
        const response = await list(`search=${encodeURIComponent(search)}`)
        expect(response.statusCode, `${search}: ${response.body}`).toBe(200)
      }
      // Every text field the list shows is tried; one the list does not filter on answers 400, never 500.
      const textFields = Object.entries(itemShape(definition))
        .filter(([, schema]) => bodyWithText(schema, '', [])[1].length > 0)
        .map(([name]) => name)
      let filtered = 0
      for (const field of textFields) {
        for (const pattern of ['%\\', 'a\\', '%\\\\\\']) {
          const response = await list(`queryFilter=${encodeURIComponent(`${field} LIKE "${pattern}"`)}`)
          expect([200, 400], `${field} LIKE ${pattern}: ${response.body}`).toContain(response.statusCode)
          if (response.statusCode === 200) filtered += 1
        }
      }
      expect(filtered, 'no text field of the list could be filtered with LIKE').toBeGreaterThan(0)
    },
  )

  it.each(withForm.map((definition) => [keyOf(definition), definition] as const))(
    '%s answers 400 to a malformed multipart body',
    async (_key, definition) => {
      const self = await testApp.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization } })
      const boundary = 'multipart/form-data; boundary=edge'
      const malformed = [
        ['--edge\r\nContent-Disposition: form-data; name="username"\r\n\r\nno closing boundary', boundary],
        ['--edge\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\n\r\ncut short', boundary],
        ['--edge\r\nContent-Disposition: form-data; name="username"\r\n\r\nx\r\n--edge--\r\n', 'multipart/form-data'],
      ]
      for (const [payload, contentType] of malformed) {
        const response = await testApp.app.inject({
          method: definition.method,
          url: pathWith(definition, self.json().id),
          payload,
          headers: { authorization, 'content-type': contentType! },
        })
        expect(response.statusCode, `${contentType} ${payload}: ${response.body}`).toBe(400)
      }
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )
})
