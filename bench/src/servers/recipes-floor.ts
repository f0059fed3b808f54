/**
 * The floor of the recipe reads: a bare Fastify (no plugins, no logger) that runs the recipes repo's own functions —
 * so exactly Larder's SQL, built by the same code — on a plain postgres.js pool of Larder's size, for one fixed
 * scope, without anything of Larder's request machinery (sessions, contract validation, error mapping, hooks).
 *
 *   GET /recipes?…      recipeListAnswer (apps/api/src/modules/recipes/list.repo.ts): ids with the total, then the
 *                       summaries as JSON written by PostgreSQL, sent as they are (what GET /api/recipes sends)
 *   GET /recipes/:slug  recipeJson: the recipe as JSON written by PostgreSQL, sent as it is (what the service's `get`
 *                       answers)
 *   POST /explain       runs one such request with every statement captured, then EXPLAIN (ANALYZE, BUFFERS) of each
 *
 * Environment: PORT, HOST, DATABASE_URL, SCOPE (JSON {groupId, householdId, userId}). Started with `node --import tsx`.
 */
import { createRequire } from 'node:module'
import Fastify from 'fastify'
import postgres from 'postgres'
import type { Executor } from '../../../apps/api/src/db/client.js'
import * as schema from '../../../apps/api/src/db/schema/index.js'
import { PreserializedJson, sendPreserialized } from '../../../apps/api/src/http/preserialized-json.js'
import type { Scope } from '../../../apps/api/src/http/scope.js'
import { recipeListAnswer } from '../../../apps/api/src/modules/recipes/list.repo.js'
import { recipeJson } from '../../../apps/api/src/modules/recipes/recipe-loader.repo.js'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required')
const scope = JSON.parse(process.env.SCOPE ?? '{}') as Scope

// drizzle-orm as the API resolves it: the very module instance its repo functions build their SQL with.
const apiRequire = createRequire(new URL('../../../apps/api/package.json', import.meta.url))
const { drizzle } = (await import(apiRequire.resolve('drizzle-orm/postgres-js'))) as {
  drizzle: (config: {
    client: postgres.Sql
    schema: typeof schema
    logger: { logQuery: (query: string, params: unknown[]) => void }
  }) => Executor
}

// Larder's connection settings that change answers or plans (apps/api/src/db/client.ts): the search's trigram
// threshold, no parallel workers.
const client = postgres(url, {
  max: 10,
  idle_timeout: 60,
  onnotice: () => {},
  connection: { 'pg_trgm.word_similarity_threshold': 0.45, max_parallel_workers_per_gather: '0' },
})
let captured: { query: string; params: unknown[] }[] | null = null
const db = drizzle({
  client,
  schema,
  logger: { logQuery: (query, params) => void captured?.push({ query, params }) },
})

type Query = Record<string, string | string[] | undefined>
const list = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : value.split(',')
const numberOf = (value: string | string[] | undefined) =>
  typeof value === 'string' && value !== '' ? Number(value) : undefined

function listPage(query: Query) {
  const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)
  return recipeListAnswer(db, scope, {
    page: numberOf(query.page) ?? 1,
    perPage: numberOf(query.perPage) ?? 50,
    ...(text(query.orderBy) ? { orderBy: text(query.orderBy) } : {}),
    ...(text(query.orderDirection) ? { orderDirection: text(query.orderDirection) as 'asc' | 'desc' } : {}),
    ...(text(query.queryFilter) ? { queryFilter: text(query.queryFilter) } : {}),
    ...(text(query.search) ? { search: text(query.search) } : {}),
    categories: list(query.categories),
    tags: list(query.tags),
    tools: list(query.tools),
    foods: list(query.foods),
    households: list(query.households),
    requireAllCategories: query.requireAllCategories === 'true',
    requireAllTags: query.requireAllTags === 'true',
  })
}

function readOne(slug: string) {
  return recipeJson(db, scope, slug)
}

const app = Fastify({ logger: false })
app.get('/recipes', async (request, reply) => {
  const page = await listPage(request.query as Query)
  return page instanceof PreserializedJson ? sendPreserialized(reply, page) : page
})
app.get('/recipes/:slug', async (request, reply) => {
  const recipe = await readOne((request.params as { slug: string }).slug)
  if (!recipe) return reply.status(404).send({ detail: 'not found' })
  return recipe.answer instanceof PreserializedJson ? sendPreserialized(reply, recipe.answer) : recipe.answer
})

/** Runs `path` (a /recipes… path) once with its statements captured, then explains each of them. */
app.post('/explain', async (request) => {
  const target = new URL((request.body as { path: string }).path, 'http://floor')
  captured = []
  const startedAt = performance.now()
  if (target.pathname === '/recipes') await listPage(Object.fromEntries(target.searchParams))
  else await readOne(decodeURIComponent(target.pathname.replace(/^\/recipes\//, '')))
  const ms = performance.now() - startedAt
  const statements = captured
  captured = null
  const plans = []
  for (const statement of statements) {
    const rows = await client.unsafe(
      `explain (analyze, buffers, format text) ${statement.query}`,
      statement.params as postgres.ParameterOrJSON<never>[],
    )
    plans.push({ ...statement, plan: rows.map((row) => row['QUERY PLAN'] as string) })
  }
  return { ms, plans }
})

await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' })
const stop = () => void app.close().then(() => client.end({ timeout: 5 }).then(() => process.exit(0)))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
