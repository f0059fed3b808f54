import { allEndpoints, schemaDefinitionOf, type EndpointDefinition } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { startBuiltServer, type RequestTarget } from './built-server.js'
import { createTestApp, type TestApp } from './test-app.js'

/**
 * `TEST_BUILT_SERVER=1` sends the sweep to `node dist/main.js` over HTTP instead of the sources through inject():
 * CI runs it both ways after the build, so that the bundle and the sources cannot differ unseen.
 */
const againstBuiltServer = process.env.TEST_BUILT_SERVER === '1'

/**
 * Sign-up on, and a provider that is configured but never reached (port 9, discard): uploads that need one read their
 * bodies instead of refusing at once, and every call the sweep makes is refused before it would ask the provider.
 */
const sweepEnvironment = {
  ALLOW_SIGNUP: 'true',
  // The row counts must move only by requests: scheduled jobs would add rows on the clock (inject() runs none).
  BACKGROUND_JOBS: 'false',
  OPENAI_API_KEY: 'sweep-key',
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
}

/** Row counts of every table, to prove a refused request wrote nothing (one statement: the sweep asks often). */
async function rowCounts(testApp: TestApp): Promise<Record<string, number>> {
  const tables = await testApp.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  const counting = tables.map(
    ({ name }) => `select '${name}' as name, count(*)::int as count from "${name.replaceAll('"', '""')}"`,
  )
  const rows = await testApp.sql.unsafe<{ name: string; count: number }[]>(counting.join(' union all '))
  return Object.fromEntries(rows.map((row) => [row.name, row.count]))
}

function pathWith(definition: EndpointDefinition, value: string): string {
  return definition.path.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value))
}

const withBody = allEndpoints.filter((definition) => definition.body)
const withParams = allEndpoints.filter((definition) => definition.path.includes(':'))
const withForm = allEndpoints.filter((definition) => definition.bodyEncoding === 'form')
const withMultipart = allEndpoints.filter((definition) => definition.multipart)
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

/** The names of the file parts an upload declares (`z.file()`, alone or repeated). */
function filePartsOf(definition: EndpointDefinition): string[] {
  return Object.entries(definition.multipart!.shape)
    .filter(([, part]) => {
      let schema = schemaDefinitionOf(part as z.ZodType)
      while (schema.innerType) schema = schemaDefinitionOf(schema.innerType)
      if (schema.type === 'array') schema = schemaDefinitionOf(schema.element!)
      return schema.type === 'file'
    })
    .map(([name]) => name)
}

/** A multipart body of text parts and small file parts, as a browser writes it. */
function multipartBody(texts: Record<string, string>, files: string[]) {
  const boundary = 'sweep-boundary'
  const parts = [
    ...Object.entries(texts).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    ...files.map(
      (name) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${'file bytes '.repeat(100)}\r\n`,
    ),
  ]
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }
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
  let send: RequestTarget
  let authorization: string
  let before: Record<string, number>
  /** The lists under a group's address (explore) read a public group. */
  let listPathOf: (definition: EndpointDefinition) => string

  beforeAll(async () => {
    testApp = await createTestApp(sweepEnvironment)
    send = againstBuiltServer
      ? await startBuiltServer(testApp.databaseUrl, sweepEnvironment)
      : (request) => testApp.app.inject(request)
    const publicGroup = await testApp.make.group({ privateGroup: false })
    listPathOf = (definition) => definition.path.replace(':groupSlug', publicGroup.slug)
    const admin = await testApp.make.user({ admin: true })
    const signIn = await send({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: admin.email, password: admin.password },
    })
    authorization = `Bearer ${signIn.json().access_token}`
    before = await rowCounts(testApp)
  })

  it.each(withBody.map((definition) => [`${definition.method} ${definition.path}`, definition] as const))(
    '%s refuses bodies of the wrong shape',
    async (_key, definition) => {
      const url = pathWith(definition, '00000000-0000-4000-8000-000000000000')
      const sendBody = (payload: string, contentType = 'application/json') =>
        send({
          method: definition.method,
          url,
          payload,
          headers: { authorization, 'content-type': contentType },
        })
      const wrongType = await sendBody('[1, 2, 3]')
      expect(wrongType.statusCode, wrongType.body).toBe(422)
      expect(Array.isArray(wrongType.json().detail)).toBe(true)
      const malformed = await sendBody('{"unterminated": ')
      expect(malformed.statusCode).toBe(400)
      const tooLong = await sendBody(JSON.stringify({ value: 'x'.repeat(3 * 1024 * 1024) }))
      expect(tooLong.statusCode).toBe(413)
      const wrongMediaType = await sendBody('<xml/>', 'application/xml')
      expect(wrongMediaType.statusCode).toBe(415)
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )

  it.each(withParams.map((definition) => [`${definition.method} ${definition.path}`, definition] as const))(
    '%s answers 4xx for unknown or malformed ids',
    async (_key, definition) => {
      for (const value of ['not-a-valid-id', '00000000-0000-4000-8000-000000000000', '../../etc/passwd']) {
        const response = await send({
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
        const response = await send({
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
        send({
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
        send({ method: 'GET', url: `${listPathOf(definition)}?${query}`, headers: { authorization } })
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
      const self = await send({ method: 'GET', url: '/api/users/self', headers: { authorization } })
      const boundary = 'multipart/form-data; boundary=edge'
      const malformed = [
        ['--edge\r\nContent-Disposition: form-data; name="username"\r\n\r\nno closing boundary', boundary],
        ['--edge\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\n\r\ncut short', boundary],
        ['--edge\r\nContent-Disposition: form-data; name="username"\r\n\r\nx\r\n--edge--\r\n', 'multipart/form-data'],
      ]
      for (const [payload, contentType] of malformed) {
        const response = await send({
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

  it.each(withMultipart.map((definition) => [keyOf(definition), definition] as const))(
    '%s answers 400 to its own multipart body cut short anywhere, and 415 to JSON',
    async (_key, definition) => {
      const self = await send({ method: 'GET', url: '/api/users/self', headers: { authorization } })
      const url = pathWith(definition, self.json().id)
      const [texts] = bodyWithText(definition.multipart!, 'text')
      const { payload, contentType } = multipartBody(texts as Record<string, string>, filePartsOf(definition))
      // Inside a part's headers, inside a file, and just before the closing boundary.
      for (const cut of [40, Math.floor(payload.length / 2), payload.length - 12]) {
        const response = await send({
          method: definition.method,
          url,
          payload: payload.slice(0, cut),
          headers: { authorization, 'content-type': contentType },
        })
        expect(response.statusCode, `cut at ${cut}: ${response.body}`).toBe(400)
        expect(response.json().detail.message).toMatch(/multipart/i)
      }
      // An upload whose every part is optional (the provider test) takes no body as well, so JSON is not refused.
      if (!definition.multipart!.safeParse({}).success) {
        const json = await send({ method: definition.method, url, payload: {}, headers: { authorization } })
        expect(json.statusCode, json.body).toBe(415)
      }
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )

  it.each(withMultipart.map((definition) => [keyOf(definition), definition] as const))(
    '%s refuses a NUL in its text parts (422) and a body without its file parts (4xx)',
    async (_key, definition) => {
      const url = pathWith(definition, '00000000-0000-4000-8000-000000000000')
      const files = filePartsOf(definition)
      expect(files.length, 'an upload declares at least one file part').toBeGreaterThan(0)
      // Only the NUL: a lone surrogate has no UTF-8 bytes, so over a real connection it arrives as U+FFFD.
      for (const text of [unsafeTexts[0]!]) {
        const [texts, paths] = bodyWithText(definition.multipart!, text)
        if (paths.length === 0) continue
        const { payload, contentType } = multipartBody(texts as Record<string, string>, files)
        const response = await send({
          method: definition.method,
          url,
          payload,
          headers: { authorization, 'content-type': contentType },
        })
        expect(response.statusCode, response.body).toBe(422)
        const locations = (response.json().detail as { loc: unknown[] }[]).map((issue) => issue.loc)
        for (const path of paths) expect(locations).toContainEqual(['body', ...path])
      }
      if (!definition.multipart!.safeParse({}).success) {
        const { payload, contentType } = multipartBody({ unrelated: 'text' }, [])
        const withoutFiles = await send({
          method: definition.method,
          url,
          payload,
          headers: { authorization, 'content-type': contentType },
        })
        expect(withoutFiles.statusCode, withoutFiles.body).toBeGreaterThanOrEqual(400)
        expect(withoutFiles.statusCode, withoutFiles.body).toBeLessThan(500)
      }
      expect(await rowCounts(testApp)).toEqual(before)
    },
  )
})
