import { allEndpoints, camelCaseOf, snakeCaseOf, type EndpointDefinition } from '@larder/contracts'
import type postgres from 'postgres'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpointCases, type EndpointCase } from './isolation/endpoint-calls.js'
import { buildWorld, type World, type WorldUser } from './isolation/world.js'
import { createTestApp, type TestApp } from './test-app.js'

/**
 * docs/architecture.md "Contracts": inputs accept every field in camelCase and in snake_case, nested too. Two identical databases (one
 * cloned from the other) receive the same calls in lockstep, one in camelCase and one in snake_case; the answers and
 * the whole stored state must stay the same. The calls come from the isolation matrix, so every endpoint with a
 * body, present and future, is swept.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function withKeys(value: unknown, spell: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => withKeys(item, spell))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [spell(key), withKeys(item, spell)]))
}

/** Whether a body holds a key whose two spellings differ, so that the sweep really tries something. */
function hasTwoSpellingKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasTwoSpellingKey)
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, item]) => camelCaseOf(key) !== snakeCaseOf(key) || hasTwoSpellingKey(item))
}

/** Whether a schema declares any key with two spellings (a one-word body like `{email}` has nothing to try). */
function declaresTwoSpellingKey(schema: z.ZodType): boolean {
  const keys: string[] = []
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect)
    if (typeof node !== 'object' || node === null) return
    for (const [name, child] of Object.entries(node)) {
      if (name === 'properties' && typeof child === 'object' && child !== null) keys.push(...Object.keys(child))
      collect(child)
    }
  }
  collect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))
  return keys.some((key) => camelCaseOf(key) !== snakeCaseOf(key))
}

/** Values that differ between two runs of the same calls: ids, times, hashes, tokens, sealed secrets, random suffixes. */
function normalised(value: unknown): string {
  return (
    JSON.stringify(value)
      .replace(/whsec_[A-Za-z0-9+/=]+/g, '<secret>')
      // A sealed secret (lib/sealed-secrets.ts): a random IV each time.
      .replace(/v1\.[\w-]+\.[\w-]+\.[\w-]+/g, '<sealed>')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
      .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?/g, '<time>')
      .replace(/\$argon2[^"]*/g, '<hash>')
      .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
      .replace(/:"[\w-]{24,}"/g, ':"<token>"')
      .replace(/[0-9a-f]{8,}/g, '<hex>')
  )
}

/**
 * The answer with its arrays in a stable order: each side makes its own random names (`made-<hex>`), and a list
 * ordered by name may put them in different places, which says nothing about input casing.
 */
function normalisedAnswer(value: unknown): string {
  const sortedArrays = (item: unknown): unknown => {
    if (Array.isArray(item)) {
      return item.map(sortedArrays).sort((left, right) => normalised(left).localeCompare(normalised(right)))
    }
    if (typeof item !== 'object' || item === null) return item
    return Object.fromEntries(Object.entries(item).map(([key, child]) => [key, sortedArrays(child)]))
  }
  return normalised(sortedArrays(value))
}

async function storedState(sql: postgres.Sql): Promise<Record<string, string[]>> {
  // Background work a call started (a bulk import's jobs) is let finish first: its progress is a matter of timing.
  // Retries due in seconds are waited for; work due much later (an export's clean-up, a day on) is not.
  for (let waited = 0; waited < 15_000; waited += 50) {
    const [pending] = await sql`
      select count(*)::int as count from background_jobs
      where status in ('queued', 'running') and run_after <= now() + interval '1 minute'`
    if (pending!.count === 0) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  const state: Record<string, string[]> = {}
  for (const { name } of tables) {
    const rows = await sql`select * from ${sql(name)}`
    // A recipe's search document and its head are derived from its other columns, and order their words
    // alphabetically, random names included: they would differ between the two sides for that reason alone.
    // An export's size is that of a zip of recipes with random names, which compress a few bytes differently.
    // A notifier's sealed URL is encrypted under a random IV: the same URL never seals to the same text.
    state[name] = rows
      .map(
        ({ search_document: _derived, search_head: _head, size_bytes: _compressed, encrypted_url: _sealed, ...row }) =>
          normalised(row),
      )
      .sort()
  }
  return state
}

/**
 * Bodies richer than the matrix's own where the matrix's would prove nothing: a value that changes the stored
 * state, every field of a full replace, a field nested in an object.
 */
/** A recipe body with fields of two spellings at every level: the row, ingredients, steps, settings. */
const recipeFields = (): Record<string, Json> => ({
  recipeYield: '2 loaves',
  recipeServings: 4,
  totalTime: '1 hour',
  orgURL: 'https://example.org/bread',
  recipeIngredient: [{ quantity: 2, note: 'flour', originalText: '2 cups flour' }, '1 pinch of salt'],
  recipeInstructions: [{ text: 'Mix.', ingredientReferences: [] }],
  settings: { showNutrition: true, landscapeView: true },
})

const fullerBodies: Record<string, (caller: WorldUser) => Record<string, Json>> = {
  'POST /api/recipes': () => ({ starterContent: false }),
  'PUT /api/recipes': recipeFields,
  'PATCH /api/recipes': recipeFields,
  'PUT /api/recipes/:slug': recipeFields,
  'PATCH /api/recipes/:slug': recipeFields,
  'POST /api/auth/token': () => ({ remember_me: true }),
  'POST /api/users/api-tokens': () => ({ integrationId: 'casing-sweep' }),
  'PUT /api/groups/preferences': () => ({ privateGroup: false }),
  'PUT /api/households/preferences': () => ({
    privateHousehold: false,
    lockRecipeEditsFromOtherHouseholds: false,
    firstDayOfWeek: 3,
    recipePublic: false,
    recipeShowNutrition: true,
    recipeShowAssets: true,
    recipeLandscapeView: true,
    recipeDisableComments: true,
    recipeDisableAmount: false,
  }),
  'PUT /api/admin/groups/:id': () => ({ preferences: { privateGroup: false } }),
  'PUT /api/admin/households/:id': () => ({
    preferences: { privateHousehold: false, lockRecipeEditsFromOtherHouseholds: false, firstDayOfWeek: 2 },
  }),
}

const keyOf = (definition: EndpointDefinition) => `${definition.method} ${definition.path}`
const withBody = allEndpoints.filter((definition) => definition.body)

interface Side {
  testApp: TestApp
  cases: Record<string, EndpointCase>
}

describe('every body field is accepted in camelCase and in snake_case, nested too', () => {
  let world: World
  let caller: WorldUser
  let camel: Side
  let snake: Side

  beforeAll(async () => {
    const testApp = await createTestApp({ ALLOW_SIGNUP: 'true' })
    world = await buildWorld(testApp)
    caller = world.users.find((user) => user.role === 'admin')!
    const clone = await createTestApp({ ALLOW_SIGNUP: 'true' }, { copyOf: testApp })
    camel = { testApp, cases: endpointCases(testApp, world) }
    snake = { testApp: clone, cases: endpointCases(clone, world) }
    expect(await storedState(clone.sql)).toEqual(await storedState(testApp.sql))
  }, 60_000)

  it.each(withBody.map((definition) => [keyOf(definition), definition] as const))(
    '%s gives the same answer and stores the same state for either spelling',
    async (key, definition) => {
      const send = async (side: Side, spell: (key: string) => string) => {
        const request = await side.cases[key]!.request(caller)
        // Bulk bodies are arrays: the fuller fields go into each item.
        const fuller = (item: Json) => ({ ...(item as Record<string, Json>), ...fullerBodies[key]?.(caller) })
        const payload = Array.isArray(request.payload)
          ? (request.payload as Json[]).map(fuller)
          : fuller(request.payload as Json)
        if (declaresTwoSpellingKey(definition.body!)) expect(hasTwoSpellingKey(payload), key).toBe(true)
        const response = await side.testApp.app.inject({
          method: definition.method,
          url: request.url,
          payload: withKeys(payload, spell) as Record<string, Json>,
          headers: { ...request.headers, authorization: caller.authorization },
        })
        // A file answer (a bulk export's zip) carries rows made for this call: its type is compared, not its bytes.
        const contentType = String(response.headers['content-type'] ?? '')
        // A streamed import answers 200 from the start and tells its outcome in events: those are compared.
        if (contentType.includes('event-stream'))
          return { status: response.statusCode, body: normalised(response.body) }
        if (response.body && !contentType.includes('json')) return { status: response.statusCode, body: contentType }
        return { status: response.statusCode, body: normalisedAnswer(response.body ? response.json() : null) }
      }
      const camelAnswer = await send(camel, camelCaseOf)
      const snakeAnswer = await send(snake, snakeCaseOf)
      expect(camelAnswer.status, camelAnswer.body).toBeLessThan(500)
      expect(snakeAnswer).toEqual(camelAnswer)
      expect(await storedState(snake.testApp.sql)).toEqual(await storedState(camel.testApp.sql))
    },
    30_000,
  )
})
