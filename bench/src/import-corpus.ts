/**
 * import-corpus (issue #13): imports every page of the recipe-page corpus (`LARDER_CORPUS_DIR`, default
 * `<repo>/../shared/corpus`; see its recipe-pages/README.md) through `POST /api/recipes/create/url` of the built app
 * and compares what was saved with the page's expected.json, scored as the corpus README says (@larder/recipe-corpus,
 * which the API's corpus-accuracy test scores by too).
 *
 * Pages are served from 127.0.0.1 byte for byte as text/html; charset=utf-8; Larder runs with HTTP_ALLOW_LIST=127.0.0.1
 * on a fresh database (the machine's PostgreSQL when `BENCH_PG_URL` answers, else the embedded one). Per tier:
 * title exact, ingredient list exact (by each line's originalText), ingredient lines matched, instructions, yields,
 * times, image URL (from test-scrape-url, which shows the address the import chose), nutrition; and the import
 * time p50/p95 (one import at a time, pictures included: their hosts do not resolve here, so they fail fast).
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import {
  corpusTiers as tiers,
  loadCorpusPages,
  normaliseList,
  scorePage,
  type CorpusPage,
  type CorpusTier as Tier,
} from '@larder/recipe-corpus'
import postgres from 'postgres'
import { runAsScript } from './lib/main.js'
import { isEntryPoint } from './lib/paths.js'
import { metric, newResult, padTable, round, type BenchResult, type Metric } from './lib/report.js'
import { freePort, makeDataDirectory, removeDataDirectory, startLarderTimed, stopServer } from './lib/servers.js'

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Issue #13's targets, as fractions of the tier's pages. */
const targets: Partial<Record<Tier, Partial<Record<string, number>>>> = {
  A: { title: 1, ingredients: 1, instructions: 0.98 },
  B: { title: 0.8, ingredients: 0.8 },
  C: { title: 0.7 },
}

interface SavedRecipe {
  name: string
  recipeIngredient: Array<{ originalText: string | null }>
  recipeInstructions: Array<{ title: string | null; text: string }>
  recipeServings: number
  recipeYieldQuantity: number
  totalTime: string | null
  prepTime: string | null
  performTime: string | null
  nutrition: Record<string, string | null> | null
}

/** Larder's own rendering of times ("1 hour 30 minutes") back to minutes; anything else is not a match. */
function minutesOf(text: string | null): number | null {
  if (!text) return null
  const units: Record<string, number> = { day: 1440, hour: 60, minute: 1, second: 1 / 60 }
  let total = 0
  let matched = ''
  for (const part of text.matchAll(/(\d+) (day|hour|minute|second)s?/g)) {
    total += Number(part[1]) * units[part[2]!]!
    matched += part[0]
  }
  return matched ? total : null
}

const firstNumber = (text: string | null | undefined) => {
  const match = /\d+(?:[.,]\d+)?/.exec(text ?? '')
  return match ? Number(match[0].replace(',', '.')) : null
}

/** The corpus pages, unchanged, at /<tier>/<id>/. */
async function servePages(pages: CorpusPage[]): Promise<{ origin: string; close: () => Promise<void> }> {
  const directories = new Map(pages.map((page) => [`/${page.tier}/${page.id}/`, page.directory]))
  const server = http.createServer((request, response) => {
    const directory = directories.get(request.url ?? '')
    if (!directory) {
      response.writeHead(404)
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(readFileSync(path.join(directory, 'page.html')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function freshExternalDatabase(): Promise<string | null> {
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await admin`select 1`
    await admin.unsafe('drop database if exists larder_bench_import with (force)')
    await admin.unsafe('create database larder_bench_import')
    const url = new URL(adminUrl)
    url.pathname = '/larder_bench_import'
    return url.toString()
  } catch {
    return null
  } finally {
    await admin.end({ timeout: 2 })
  }
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

interface Tally {
  pages: number
  title: number
  ingredients: number
  ingredientLines: number
  expectedLines: number
  instructions: number
  yields: [number, number]
  times: [number, number]
  image: [number, number]
  nutrition: [number, number]
  failed: number
  failures: string[]
}

export async function runImportCorpus(): Promise<BenchResult> {
  const startedAt = new Date()
  const notes: string[] = []
  const cases = loadCorpusPages()
  const pages = await servePages(cases)
  const dataDirectory = makeDataDirectory('import-corpus')
  const databaseUrl = await freshExternalDatabase()
  notes.push(databaseUrl ? `PostgreSQL at ${new URL(adminUrl).host}` : 'embedded PostgreSQL')
  const { server } = await startLarderTimed({
    dataDirectory,
    port: await freePort(),
    env: { HTTP_ALLOW_LIST: '127.0.0.1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  })
  const emptyTally = (): Tally => ({
    pages: 0,
    title: 0,
    ingredients: 0,
    ingredientLines: 0,
    expectedLines: 0,
    instructions: 0,
    yields: [0, 0],
    times: [0, 0],
    image: [0, 0],
    nutrition: [0, 0],
    failed: 0,
    failures: [],
  })
  const tallies: Record<Tier, Tally> = { A: emptyTally(), B: emptyTally(), C: emptyTally() }
  const durations: number[] = []
  try {
    const token = await signIn(server.baseUrl)
    const call = async (method: string, urlPath: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}${urlPath}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
      })
      return { status: response.status, body: await response.json() }
    }
    for (const { id, tier, expected } of cases) {
      const tally = tallies[tier]
      tally.pages++
      const url = `${pages.origin}/${tier}/${id}/`
      const started = performance.now()
      const created = await call('POST', '/api/recipes/create/url', { url })
      durations.push(performance.now() - started)
      tally.expectedLines += normaliseList(expected.ingredients).length
      if (created.status !== 201) {
        tally.failed++
        tally.failures.push(`${id}: ${created.status} ${JSON.stringify(created.body)}`)
        continue
      }
      const recipe = (await call('GET', `/api/recipes/${created.body as string}`)).body as SavedRecipe
      const scraped = (await call('POST', '/api/recipes/test-scrape-url', { url })).body as {
        recipe: { imageUrl: string | null } | null
      }

      const score = scorePage(expected, {
        title: recipe.name,
        ingredients: recipe.recipeIngredient.map((line) => line.originalText),
        steps: recipe.recipeInstructions,
      })
      if (score.title.right) tally.title++
      if (score.ingredients.right) tally.ingredients++
      const remaining = [...score.ingredients.got]
      for (const line of score.ingredients.expected) {
        const at = remaining.indexOf(line)
        if (at !== -1) {
          remaining.splice(at, 1)
          tally.ingredientLines++
        }
      }
      if (score.instructions.right) tally.instructions++

      const expectedYield = firstNumber(expected.yields)
      if (expectedYield !== null) {
        tally.yields[1]++
        if (recipe.recipeServings === expectedYield || recipe.recipeYieldQuantity === expectedYield) tally.yields[0]++
      }
      for (const [ours, theirs] of [
        [recipe.totalTime, expected.totalTime],
        [recipe.prepTime, expected.prepTime],
        [recipe.performTime, expected.cookTime],
      ] as const) {
        if (theirs === null || theirs === 0) continue
        tally.times[1]++
        if (minutesOf(ours) === theirs) tally.times[0]++
      }
      if (expected.image) {
        tally.image[1]++
        if (scraped.recipe?.imageUrl === expected.image) tally.image[0]++
      }
      const nutritionKeys = Object.keys(expected.nutrition ?? {}).filter((key) => key !== 'servingSize')
      if (nutritionKeys.length > 0) {
        tally.nutrition[1]++
        const all = nutritionKeys.every(
          (key) =>
            firstNumber(expected.nutrition[key]) === null ||
            firstNumber(recipe.nutrition?.[key] ?? null) === firstNumber(expected.nutrition[key]),
        )
        if (all) tally.nutrition[0]++
      }
    }
  } finally {
    await stopServer(server)
    await pages.close()
    removeDataDirectory(dataDirectory)
  }

  const share = (count: number, of: number) => (of === 0 ? Number.NaN : round((100 * count) / of, 1))
  const metrics: Metric[] = []
  const rows: string[][] = [
    ['tier', 'pages', 'title', 'ingredients', 'ingr. lines', 'instructions', 'yields', 'times', 'image', 'nutrition'],
  ]
  for (const tier of tiers) {
    const tally = tallies[tier]
    const figures: Record<string, number> = {
      title: share(tally.title, tally.pages),
      ingredients: share(tally.ingredients, tally.pages),
      instructions: share(tally.instructions, tally.pages),
    }
    for (const [name, value] of Object.entries(figures)) {
      const target = targets[tier]?.[name]
      metrics.push(
        metric({
          id: `tier_${tier.toLowerCase()}_${name}`,
          label: `tier ${tier}: ${name} exact`,
          value,
          unit: '%',
          ...(target !== undefined ? { budget: { kind: 'min', limit: target * 100 } } : {}),
        }),
      )
    }
    rows.push([
      tier,
      String(tally.pages),
      `${figures.title}%`,
      `${figures.ingredients}%`,
      `${share(tally.ingredientLines, tally.expectedLines)}%`,
      `${figures.instructions}%`,
      `${share(...tally.yields)}% of ${tally.yields[1]}`,
      `${share(...tally.times)}% of ${tally.times[1]}`,
      `${share(...tally.image)}% of ${tally.image[1]}`,
      `${share(...tally.nutrition)}% of ${tally.nutrition[1]}`,
    ])
    if (tally.failed > 0) notes.push(`tier ${tier}: ${tally.failed} import(s) failed: ${tally.failures.join('; ')}`)
  }
  metrics.push(
    metric({ id: 'import_p50_ms', label: 'import time p50', value: round(percentile(durations, 0.5)), unit: 'ms' }),
  )
  metrics.push(
    metric({ id: 'import_p95_ms', label: 'import time p95', value: round(percentile(durations, 0.95)), unit: 'ms' }),
  )
  console.log(padTable(rows))
  return newResult('import-corpus', startedAt, metrics, notes, { table: rows, tallies, durations })
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

if (isEntryPoint(import.meta.url)) await runAsScript(runImportCorpus, 600_000)
