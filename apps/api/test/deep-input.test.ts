import { allEndpoints, type EndpointDefinition } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test-app.js'

/** `{"a":{"a":…}}` and `[[[…]]]` nested `depth` times, written as text: building them as objects would recurse. */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

const withJsonBody = allEndpoints.filter((definition) => definition.body && definition.bodyEncoding !== 'form')
const keyOf = (definition: EndpointDefinition) => `${definition.method} ${definition.path}`
const pathWith = (definition: EndpointDefinition) =>
  definition.path.replace(/:([A-Za-z0-9_]+)/g, '00000000-0000-4000-8000-000000000000')

describe('input nested deeper than any contract', () => {
  let testApp: TestApp
  let authorization: string

  beforeAll(async () => {
    testApp = await createTestApp()
    const admin = await testApp.make.user({ admin: true })
    authorization = (await testApp.signIn(admin.email, admin.password)).authorization
  })

  const send = (method: string, url: string, payload: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: method as 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    })

  it('is refused at sign-in with 422, with no account needed, in JSON and in a form', async () => {
    for (const payload of [deepObject(5_000), deepArray(5_000), `{"username":${deepArray(5_000)}}`]) {
      const started = performance.now()
      const response = await send('POST', '/api/auth/token', payload)
      expect(response.statusCode, response.body).toBe(422)
      expect(response.json().detail[0]).toMatchObject({ type: 'too_deep' })
      expect(performance.now() - started).toBeLessThan(1_000)
    }
    // A form's fields are flat text: nesting written inside one is just text, checked as any other.
    const form = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: `username=${encodeURIComponent(deepObject(5_000))}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.statusCode, form.body).toBeGreaterThanOrEqual(400)
    expect(form.statusCode, form.body).toBeLessThan(500)
  })

  it('is refused when a recipe is created or updated, and nothing is written', async () => {
    const created = await send('POST', '/api/recipes', `{"name":"Soup","extras":${deepObject(5_000)}}`, {
      authorization,
    })
    expect(created.statusCode, created.body).toBe(422)
    expect(created.json().detail[0]).toMatchObject({
      loc: ['body', 'extras', ...Array(31).fill('a')],
      type: 'too_deep',
    })
    const recipe = await send('POST', '/api/recipes', '{"name":"Soup"}', { authorization })
    expect(recipe.statusCode, recipe.body).toBe(201)
    const slug = recipe.json<string>()
    const updated = await send(
      'PUT',
      `/api/recipes/${slug}`,
      `{"name":"Soup","recipeIngredient":${deepArray(5_000)}}`,
      {
        authorization,
      },
    )
    expect(updated.statusCode, updated.body).toBe(422)
    const [count] = await testApp.sql<{ recipes: number }[]>`select count(*)::int as recipes from recipes`
    expect(count?.recipes).toBe(1)
  })

  it('keeps nesting as deep as real input takes', async () => {
    const response = await send('POST', '/api/recipes', `{"name":"Stew","extras":${deepObject(20)}}`, { authorization })
    expect(response.statusCode).not.toBe(500)
    expect(response.json().detail?.[0]?.type).not.toBe('too_deep')
  })

  it.each(withJsonBody.map((definition) => [keyOf(definition), definition] as const))(
    '%s answers 422 for a body nested 5,000 deep',
    async (_key, definition) => {
      const response = await send(definition.method, pathWith(definition), deepObject(5_000), { authorization })
      expect(response.statusCode, response.body).toBe(422)
    },
  )
})
