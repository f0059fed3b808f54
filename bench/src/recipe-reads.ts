/**
 * recipe-reads (docs/budgets.md "Server budgets"): latency of the recipe library's reads on a generated library (recipe-generator.ts), on
 * the machine's PostgreSQL ("external", DATABASE_URL) and on the embedded one, against a floor in the same run: a
 * bare Fastify running the recipes repo's own functions (src/servers/recipes-floor.ts) on the same database.
 *
 *   list          GET /api/recipes?page=1&perPage=50 (default order)               p95 ≤ 15 ms (10k) / 40 ms (100k)
 *   list filtered tags= + categories= (popular ones, rotated)                       same budget as the list
 *   queryFilter   queryFilter= (rating, tags, categories, times; rotated)            same budget as the list
 *   search        search= (realistic queries: misspelt, accent-less, phrases)        p95 ≤ 30 ms / 80 ms
 *   read          GET /api/recipes/{slug} (a spread of recipes, rotated)             p95 ≤ 10 ms, req/s ≥ 0.7 × floor
 *
 * Load: closed loops of keep-alive connections on 127.0.0.1, a fixed number of requests per line (warm-up first,
 * discarded; a line stops early after 45 s), every request timed on its own. Latency (p50/p95/p99, the budgets) with
 * one connection: what one person waits. Where a floor exists, also requests/s with 8 connections (the ratio
 * budget); both comparisons measure Larder and the floor in alternating rounds (comparedWithFloor). For each line the
 * slowest request is run once more on the floor with its statements captured, and their EXPLAIN (ANALYZE, BUFFERS) is
 * printed in short (full plans in results/recipe-reads-plans.txt).
 *
 * `pnpm --filter @larder/bench bench:recipes [-- --sizes 10k,100k --databases external,embedded --fresh]`;
 * by default 10k on both. The external database (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/test:
 * the bench creates `larder_bench_recipes_<size>` beside it, or `$BENCH_DB_PREFIX_<size>`) is kept between runs and regenerated only when the
 * generator changed or with --fresh; the embedded one is generated in a temp DATA_DIR on every run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { runAsScript } from './lib/main.js'
import { benchRoot, isEntryPoint, resultsDirectory } from './lib/paths.js'
import { metric, newResult, round, type BenchResult, type Metric } from './lib/report.js'
import {
  embeddedDatabaseUrl,
  freePort,
  makeDataDirectory,
  removeDataDirectory,
  spawnFloor,
  startLarderTimed,
  stopServer,
  waitForAnswer,
  type RunningServer,
} from './lib/servers.js'
import { generateRecipes, generatorVersion, type GeneratedLibrary } from './recipe-generator.js'

/** Latency as one person sees it: one request at a time. */
const latencyConnections = 1
/** Throughput against the floor: enough connections to keep both cores busy. */
const throughputConnections = 8
const warmUpRequests = 60
/** A line stops early after this long (a slow line on a big library), so a run stays bounded in time too. */
const maxMeasuredSeconds = 45
const measuredRequests = { list: 400, search: 400, read: 800 } as const
const budgets = {
  10_000: { list: 15, search: 30 },
  100_000: { list: 40, search: 80 },
} as Record<number, { list: number; search: number }>
const readBudgetMs = 10
const readFloorRatio = 0.7
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export const searchQueries = [
  'creme brulee',
  'chiken curry',
  'jalapeno poppers',
  'lasagne',
  'banana bread',
  'tomato soup',
  'garlic butter shrimp',
  'pad thai',
  'gnochi',
  '"brown butter"',
  'spicy tofu',
  'crepes',
  'bourguignon',
  'chocolate chip cookies',
  'mushroom risotto',
  'kimchi',
  'teriyaki salmon',
  'pho bo',
  'quiche',
  'smoky chickpea stew',
]

const queryFilters = [
  'rating >= 4',
  'tags.slug CONTAINS ALL ["vegetarian", "quick"]',
  'recipe_category.slug IN ["dinner", "lunch"] AND total_time IS NOT NULL',
  'tags.name IN ["Italian", "French"] AND rating > 3',
]

type Kind = 'list' | 'search' | 'read'
interface Line {
  id: string
  label: string
  kind: Kind
  /** Paths after /api (Larder) or at the root (floor): /recipes?… or /recipes/{slug}. */
  paths: string[]
  floor: boolean
  budgetMs: number
}

interface Timing {
  path: string
  ms: number
  status: number
}

interface LoadFigures {
  requests: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  requestsPerSecond: number
  failures: number
  slowest: Timing
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}

/** A closed loop: `connections` workers over keep-alive sockets, each sending its next request when one answers. */
/** Keep-alive connections to one server, warmed up once, that measure requests in as many rounds as asked. */
async function loader(baseUrl: string, paths: string[], connections: number, token?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  const one = (requestPath: string) =>
    new Promise<Timing>((resolve) => {
      const startedAt = performance.now()
      const request = http.get(`${baseUrl}${requestPath}`, { agent, headers }, (response) => {
        response.resume()
        response.on('end', () =>
          resolve({ path: requestPath, ms: performance.now() - startedAt, status: response.statusCode ?? 0 }),
        )
      })
      request.on('error', () => resolve({ path: requestPath, ms: performance.now() - startedAt, status: 0 }))
    })
  const timings: Timing[] = []
  let seconds = 0
  // The paths in turn, from the first again after the warm-up, and on from round to round.
  let cursor = 0
  /** `count` requests over `connections` closed loops; stops early at `deadline`. */
  const run = async (count: number, into: Timing[] | null, deadline: number) => {
    let sent = 0
    const worker = async () => {
      while (sent < count && performance.now() < deadline) {
        const requestPath = paths[cursor % paths.length] as string
        cursor += 1
        sent += 1
        const timing = await one(requestPath)
        into?.push(timing)
      }
    }
    await Promise.all(Array.from({ length: connections }, worker))
  }
  await run(warmUpRequests, null, Number.POSITIVE_INFINITY)
  cursor = 0
  return {
    /** Measures `count` more requests, within `maxSeconds`. */
    async round(count: number, maxSeconds: number) {
      const startedAt = performance.now()
      await run(count, timings, startedAt + maxSeconds * 1000)
      seconds += (performance.now() - startedAt) / 1000
    },
    figures(): LoadFigures {
      agent.destroy()
      return loadFigures(timings, seconds)
    },
  }
}

/** `count` requests after a warm-up, in one round. */
async function load(
  baseUrl: string,
  paths: string[],
  count: number,
  connections: number,
  token?: string,
): Promise<LoadFigures> {
  const session = await loader(baseUrl, paths, connections, token)
  await session.round(count, maxMeasuredSeconds)
  return session.figures()
}

/** Rounds of a comparison with the floor; their order, ABBA BAAB, cancels a machine that speeds up or slows down. */
const comparisonRounds = ['larder', 'floor', 'floor', 'larder', 'floor', 'larder', 'larder', 'floor'] as const

/**
 * Larder and the floor on the same requests over as many connections, measured in alternating rounds rather than
 * one after the other: on a shared machine the speed drifts within a minute, and one run after the other read the
 * drift as a difference between the two servers (the same build measured 0.65 and 0.98 of the floor's throughput in
 * two runs, and twice the floor's p95 in a third).
 */
async function comparedWithFloor(
  larder: { baseUrl: string; paths: string[]; token: string },
  floor: { baseUrl: string; paths: string[] },
  count: number,
  connections: number,
): Promise<{ larder: LoadFigures; floor: LoadFigures }> {
  const sessions = {
    larder: await loader(larder.baseUrl, larder.paths, connections, larder.token),
    floor: await loader(floor.baseUrl, floor.paths, connections),
  }
  const perSide = comparisonRounds.length / 2
  for (const side of comparisonRounds) {
    await sessions[side].round(Math.ceil(count / perSide), maxMeasuredSeconds / perSide)
  }
  return { larder: sessions.larder.figures(), floor: sessions.floor.figures() }
}

function loadFigures(timings: Timing[], seconds: number): LoadFigures {
  const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b)
  const slowest = timings.reduce((worst, timing) => (timing.ms > worst.ms ? timing : worst))
  return {
    requests: timings.length,
    p50Ms: round(percentile(sorted, 50), 2),
    p95Ms: round(percentile(sorted, 95), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    maxMs: round(sorted.at(-1) ?? Number.NaN, 2),
    requestsPerSecond: round(timings.length / seconds, 0),
    failures: timings.filter((timing) => timing.status !== 200).length,
    slowest: { ...slowest, ms: round(slowest.ms, 2) },
  }
}

async function getJson(url: string, token?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {})
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) as unknown }
  } catch {
    return { status: response.status, body: text }
  }
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'changeme@example.com', password: 'MyPassword' }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function externalReachable(): Promise<boolean> {
  const sql = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 2 })
  }
}

interface Prepared {
  larder: RunningServer
  databaseUrl: string
  library: GeneratedLibrary
  generated: boolean
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const sizeLabel = (size: number) => `${size / 1000}k`
const log = (line: string) => console.log(line)

/**
 * The machine's PostgreSQL: a database of its own per size, kept with the library it holds (table bench_library);
 * regenerated when missing, made by another generator version, or with --fresh. Larder migrates it on start.
 */
async function prepareExternal(size: number, fresh: boolean): Promise<Prepared> {
  // BENCH_DB_PREFIX lets two checkouts with different schemas keep their libraries apart on one server.
  const name = `${process.env.BENCH_DB_PREFIX ?? 'larder_bench_recipes'}_${sizeLabel(size)}`
  const url = databaseUrl(name)
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  let library: GeneratedLibrary | null = null
  let migrationsBefore = 0
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`
    if (exists && !fresh) {
      const sql = postgres(url, { max: 1, onnotice: () => {} })
      try {
        const [row] = await sql<{ library: GeneratedLibrary }[]>`
          select library from bench_library where version = ${generatorVersion} and recipes = ${size}`
        library = row?.library ?? null
        migrationsBefore = await appliedMigrations(sql)
      } catch {
        library = null
      } finally {
        await sql.end({ timeout: 5 })
      }
    }
    if (!library) {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.unsafe(`create database ${name}`)
    }
  } finally {
    await admin.end({ timeout: 5 })
  }
  const dataDirectory = makeDataDirectory('recipes-external')
  const { server } = await startLarderTimed({ dataDirectory, port: await freePort(), env: { DATABASE_URL: url } })
  if (library) {
    log(`  external ${sizeLabel(size)}: reusing ${name} (generator v${generatorVersion})`)
    await vacuumAfterMigrations(url, migrationsBefore, name)
    return { larder: server, databaseUrl: url, library, generated: false }
  }
  log(`  external ${sizeLabel(size)}: generating ${size.toLocaleString('en-US')} recipes into ${name}`)
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    library = await generateRecipes(sql, { recipes: size, log })
    await sql`create table bench_library (version int not null, recipes int not null, library jsonb not null)`
    await sql`insert into bench_library values (${generatorVersion}, ${size}, ${sql.json(JSON.parse(JSON.stringify(library)) as postgres.JSONValue)})`
  } finally {
    await sql.end({ timeout: 5 })
  }
  return { larder: server, databaseUrl: url, library, generated: true }
}

const appliedMigrations = async (sql: postgres.Sql) =>
  (await sql<{ count: number }[]>`select count(*)::int as count from drizzle.__drizzle_migrations`)[0]?.count ?? 0

/**
 * A kept library Larder has just migrated: Larder vacuums the tables its migrations declare rewritten, and this
 * vacuums the whole database besides, so that no migration missing its declaration measures a library full of dead
 * rows. Only then: on a library already clean it still costs about 2 s at 10k recipes (ANALYZE of every table).
 */
async function vacuumAfterMigrations(url: string, migrationsBefore: number, name: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const applied = (await appliedMigrations(sql)) - migrationsBefore
    if (applied === 0) return
    const startedAt = performance.now()
    await sql`vacuum (analyze)`
    log(
      `  ${name}: Larder applied ${applied} migration(s); vacuumed and analysed in ${Math.round(performance.now() - startedAt)} ms`,
    )
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The embedded PostgreSQL: a fresh DATA_DIR, Larder's first start, then the library generated into it. */
async function prepareEmbedded(size: number): Promise<Prepared> {
  const dataDirectory = makeDataDirectory('recipes-embedded')
  const { server } = await startLarderTimed({ dataDirectory, port: await freePort() })
  const url = embeddedDatabaseUrl(dataDirectory)
  log(`  embedded ${sizeLabel(size)}: generating ${size.toLocaleString('en-US')} recipes`)
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const library = await generateRecipes(sql, { recipes: size, log })
    return { larder: server, databaseUrl: url, library, generated: true }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

function linesFor(library: GeneratedLibrary, size: number): Line[] {
  const budget = budgets[size] ?? { list: Number.NaN, search: Number.NaN }
  const query = (params: Record<string, string>) => `/recipes?${new URLSearchParams(params).toString()}`
  const popularTags = library.tags.slice(0, 5)
  const popularCategories = library.categories.slice(0, 4)
  return [
    {
      id: 'list',
      label: 'list, perPage 50, default order',
      kind: 'list',
      paths: [query({ page: '1', perPage: '50' })],
      floor: true,
      budgetMs: budget.list,
    },
    {
      id: 'list_filtered',
      label: 'list, tag + category filter',
      kind: 'list',
      paths: popularTags.flatMap((tag, index) => {
        const category = popularCategories[index % popularCategories.length]
        return category ? [query({ page: '1', perPage: '50', tags: tag.slug, categories: category.slug })] : []
      }),
      floor: false,
      budgetMs: budget.list,
    },
    {
      id: 'list_query_filter',
      label: 'list, queryFilter',
      kind: 'list',
      paths: queryFilters.map((queryFilter) => query({ page: '1', perPage: '50', queryFilter })),
      floor: false,
      budgetMs: budget.list,
    },
    {
      id: 'search',
      label: `search (${searchQueries.length} queries)`,
      kind: 'search',
      paths: searchQueries.map((search) => query({ page: '1', perPage: '50', search })),
      floor: false,
      budgetMs: budget.search,
    },
    {
      id: 'read',
      label: 'single recipe by slug',
      kind: 'read',
      paths: library.sampleSlugs.map((slug) => `/recipes/${encodeURIComponent(slug)}`),
      floor: true,
      budgetMs: readBudgetMs,
    },
  ]
}

interface ExplainedStatement {
  query: string
  params: unknown[]
  plan: string[]
}

/** The short form of a plan: its root, the scans and sorts under it, buffers, planning and execution time. */
function planSummary(statement: ExplainedStatement): string[] {
  const sqlText = statement.query.replace(/\s+/g, ' ').trim()
  const interesting = statement.plan.filter(
    (line, index) =>
      index === 0 ||
      /Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan|Sort Method|WindowAgg|Limit|Hash Join|Nested Loop|Execution Time|Planning Time/.test(
        line,
      ),
  )
  const buffers = statement.plan.find((line) => line.trim().startsWith('Buffers:'))
  return [
    `    SQL: ${sqlText.length > 220 ? `${sqlText.slice(0, 220)}…` : sqlText}`,
    ...interesting.slice(0, 14).map((line) => `      ${line.length > 150 ? `${line.slice(0, 150)}…` : line}`),
    ...(buffers ? [`      (root) ${buffers.trim()}`] : []),
  ]
}

/** Is the floor doing the same work? Same ids in the same order for lists, the same document for reads. */
async function checkSameAnswers(larderUrl: string, floorUrl: string, token: string, lines: Line[]): Promise<string[]> {
  const problems: string[] = []
  for (const line of lines) {
    for (const requestPath of line.paths.slice(0, 3)) {
      const larder = await getJson(`${larderUrl}/api${requestPath}`, token)
      if (larder.status !== 200) {
        throw new Error(
          `Larder answered ${larder.status} to ${requestPath}: ${JSON.stringify(larder.body).slice(0, 500)}`,
        )
      }
      const floor = await getJson(`${floorUrl}${requestPath}`)
      if (floor.status !== 200) {
        throw new Error(
          `the floor answered ${floor.status} to ${requestPath}: ${JSON.stringify(floor.body).slice(0, 500)}`,
        )
      }
      const shape = (body: unknown) => {
        const value = body as {
          total?: number
          items?: { id: string }[]
          id?: string
          recipeIngredient?: unknown[]
          recipeInstructions?: unknown[]
        }
        return line.kind === 'read'
          ? `${value.id} ${value.recipeIngredient?.length} ${value.recipeInstructions?.length}`
          : `${value.total} ${value.items?.map((item) => item.id).join(',')}`
      }
      if (shape(larder.body) !== shape(floor.body))
        problems.push(`${line.id}: Larder and the floor differ on ${requestPath}`)
      if (line.kind !== 'read' && ((larder.body as { total?: number }).total ?? 0) === 0) {
        problems.push(`${line.id}: no recipe matches ${requestPath}`)
      }
    }
  }
  return problems
}

interface RunFigures {
  database: 'external' | 'embedded'
  size: number
  generated: boolean
  generationMs: number
  lines: {
    id: string
    label: string
    budgetMs: number
    larder: LoadFigures
    floor?: LoadFigures
    throughput?: { larder: LoadFigures; floor: LoadFigures }
    plans: ExplainedStatement[]
  }[]
  notes: string[]
}

async function runOne(database: 'external' | 'embedded', size: number, fresh: boolean): Promise<RunFigures> {
  const prepared = database === 'external' ? await prepareExternal(size, fresh) : await prepareEmbedded(size)
  const { larder, library } = prepared
  const floorServer = spawnFloor(path.join(benchRoot, 'src/servers/recipes-floor.ts'), await freePort(), {
    DATABASE_URL: prepared.databaseUrl,
    SCOPE: JSON.stringify({
      groupId: library.groupId,
      householdId: library.householdIds[0],
      userId: library.adminId,
    }),
  })
  try {
    await waitForAnswer(floorServer, '/recipes?perPage=1', performance.now(), 60_000)
    const token = await signIn(larder.baseUrl)
    const lines = linesFor(library, size)
    const notes = await checkSameAnswers(larder.baseUrl, floorServer.baseUrl, token, lines)
    const results: RunFigures['lines'] = []
    for (const line of lines) {
      const count = measuredRequests[line.kind]
      const larderPaths = line.paths.map((p) => `/api${p}`)
      const larderSide = { baseUrl: larder.baseUrl, paths: larderPaths, token }
      const floorSide = { baseUrl: floorServer.baseUrl, paths: line.paths }
      const { larder: larderFigures, floor: floorFigures } = line.floor
        ? await comparedWithFloor(larderSide, floorSide, count, latencyConnections)
        : { larder: await load(larder.baseUrl, larderPaths, count, latencyConnections, token), floor: undefined }
      const throughput = line.floor
        ? await comparedWithFloor(larderSide, floorSide, count, throughputConnections)
        : undefined
      if (
        [larderFigures, floorFigures, throughput?.larder, throughput?.floor].some(
          (figures) => (figures?.failures ?? 0) > 0,
        )
      ) {
        throw new Error(`${line.id}: some requests failed during the load; the figures are not comparable`)
      }
      const slowestPath = larderFigures.slowest.path.replace(/^\/api/, '')
      const explained = (await (
        await fetch(`${floorServer.baseUrl}/explain`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: slowestPath }),
        })
      ).json()) as { ms: number; plans: ExplainedStatement[] }
      results.push({
        id: line.id,
        label: line.label,
        budgetMs: line.budgetMs,
        larder: larderFigures,
        ...(floorFigures ? { floor: floorFigures } : {}),
        ...(throughput ? { throughput } : {}),
        plans: explained.plans,
      })
      const floorText =
        floorFigures && throughput
          ? ` · floor p95 ${floorFigures.p95Ms} ms; ${throughputConnections} connections: Larder ${throughput.larder.requestsPerSecond} req/s, floor ${throughput.floor.requestsPerSecond} req/s`
          : ''
      log(
        `  ${database} ${sizeLabel(size)} ${line.label} (${larderFigures.requests} requests): p50 ${larderFigures.p50Ms} / p95 ${larderFigures.p95Ms} / p99 ${larderFigures.p99Ms} ms, ${larderFigures.requestsPerSecond} req/s${floorText}`,
      )
      log(
        `    slowest: ${larderFigures.slowest.ms} ms for ${decodeURIComponent(larderFigures.slowest.path)}; its statements:`,
      )
      for (const statement of explained.plans) for (const text of planSummary(statement)) log(text)
    }
    return {
      database,
      size,
      generated: prepared.generated,
      generationMs: prepared.generated ? library.ms : 0,
      lines: results,
      notes,
    }
  } finally {
    await stopServer(floorServer)
    await stopServer(larder)
    if (larder.dataDirectory) removeDataDirectory(larder.dataDirectory)
  }
}

function metricsOf(run: RunFigures): Metric[] {
  const prefix = `${run.database}_${sizeLabel(run.size)}`
  const metrics: Metric[] = []
  for (const line of run.lines) {
    const floor = line.floor ? { label: 'bare Fastify + same SQL, p95', value: line.floor.p95Ms } : undefined
    metrics.push(
      metric({
        id: `${prefix}_${line.id}_p95_ms`,
        label: `${run.database} ${sizeLabel(run.size)}: ${line.label}, p95`,
        value: line.larder.p95Ms,
        unit: 'ms',
        budget: { kind: 'max', limit: line.budgetMs },
        ...(floor ? { floor } : {}),
      }),
    )
    if (line.throughput) {
      const ratio = round(line.throughput.larder.requestsPerSecond / line.throughput.floor.requestsPerSecond, 3)
      metrics.push(
        metric({
          id: `${prefix}_${line.id}_floor_ratio`,
          label: `${run.database} ${sizeLabel(run.size)}: ${line.label}, req/s ÷ floor (${throughputConnections} conn.)`,
          value: ratio,
          unit: '×',
          ...(line.id === 'read' ? { budget: { kind: 'min' as const, limit: readFloorRatio } } : {}),
        }),
      )
    }
  }
  return metrics
}

function parseArguments(argv: string[]) {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`)
    return index >= 0 ? argv[index + 1] : undefined
  }
  const sizes = (value('sizes') ?? '10k')
    .split(',')
    .map((text) => Number(text.replace(/k$/i, '')) * (/k$/i.test(text) ? 1000 : 1))
  const databases = (value('databases') ?? 'external,embedded').split(',') as ('external' | 'embedded')[]
  return { sizes, databases, fresh: argv.includes('--fresh') }
}

export async function runRecipeReads(argv: string[] = []): Promise<BenchResult> {
  const startedAt = new Date()
  const loadBefore = loadAverage()
  const options = parseArguments(argv)
  console.log(
    `recipe-reads: latency with ${latencyConnections} connection, throughput vs floor with ${throughputConnections}; ${warmUpRequests} warm-up + ${measuredRequests.list} (list, search) / ${measuredRequests.read} (read) requests per line (at most ${maxMeasuredSeconds} s each); sizes ${options.sizes.map(sizeLabel).join(', ')}; ${options.databases.join(', ')}`,
  )
  const runs: RunFigures[] = []
  const notes: string[] = []
  for (const size of options.sizes) {
    for (const database of options.databases) {
      if (database === 'external' && !(await externalReachable())) {
        notes.push(`external PostgreSQL at ${new URL(adminUrl).host} unreachable: skipped (set BENCH_PG_URL)`)
        continue
      }
      runs.push(await runOne(database, size, options.fresh))
    }
  }
  for (const run of runs) {
    const where = `${run.database} ${sizeLabel(run.size)}`
    notes.push(
      run.generated
        ? `${where}: library generated in ${(run.generationMs / 1000).toFixed(1)} s`
        : `${where}: library reused (generator v${generatorVersion})`,
    )
    for (const problem of run.notes) notes.push(`${where}: ${problem}`)
    for (const line of run.lines) {
      const floor =
        line.floor && line.throughput
          ? `; floor p50/p95/p99 ${line.floor.p50Ms}/${line.floor.p95Ms}/${line.floor.p99Ms} ms; with ${throughputConnections} connections Larder ${line.throughput.larder.requestsPerSecond} req/s (p95 ${line.throughput.larder.p95Ms} ms), floor ${line.throughput.floor.requestsPerSecond} req/s (p95 ${line.throughput.floor.p95Ms} ms)`
          : ''
      notes.push(
        `${where} ${line.label} (${line.larder.requests} requests): p50/p95/p99 ${line.larder.p50Ms}/${line.larder.p95Ms}/${line.larder.p99Ms} ms, ${line.larder.requestsPerSecond} req/s${floor}; slowest ${line.larder.slowest.ms} ms`,
      )
    }
  }
  notes.push(
    'the floor runs the recipes repo functions (same SQL, same drizzle) on a bare Fastify without sessions, validation or hooks',
    'wall times move with other load on the machine: compare with the floor measured in the same run',
    `load average before / after: ${loadBefore} / ${loadAverage()} on ${availableParallelism()} cores`,
  )
  mkdirSync(resultsDirectory, { recursive: true })
  const planText = runs
    .flatMap((run) =>
      run.lines.flatMap((line) => [
        `── ${run.database} ${sizeLabel(run.size)} ${line.label}: slowest ${line.larder.slowest.ms} ms, ${decodeURIComponent(line.larder.slowest.path)}`,
        ...line.plans.flatMap((statement) => [
          statement.query,
          `params: ${JSON.stringify(statement.params)}`,
          ...statement.plan,
          '',
        ]),
      ]),
    )
    .join('\n')
  writeFileSync(path.join(resultsDirectory, 'recipe-reads-plans.txt'), `${planText}\n`)
  return newResult('recipe-reads', startedAt, runs.flatMap(metricsOf), notes, {
    latencyConnections,
    throughputConnections,
    warmUpRequests,
    measuredRequests,
    runs: runs.map((run) => ({ ...run, lines: run.lines.map(({ plans: _plans, ...rest }) => rest) })),
  })
}

if (isEntryPoint(import.meta.url)) {
  const argv = process.argv.slice(2)
  const big = argv.some((arg) => /100k|100000/.test(arg))
  await runAsScript(() => runRecipeReads(argv), big ? 40 * 60_000 : 15 * 60_000)
}
