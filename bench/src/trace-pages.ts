/**
 * trace-pages: where the lighthouse bench's blocking time goes. Loads the explorer and the 40-ingredient recipe page
 * as lighthouse.ts does (built app, 1,000 generated recipes, signed in, cold cache) in Chromium with a Moto G-sized
 * screen and 4× CPU slowdown, records a performance trace with V8's sampling profiler, and prints each main-thread
 * task of 50 ms or more (TRACE_MIN_TASK_MS to list shorter ones): what it is made of (script evaluation by file,
 * style, layout, paint), and which functions (mapped through the build's source maps to their source file and name)
 * took its time. `pnpm --filter @larder/bench bench:trace` after `pnpm build`; TRACE_DIR keeps the raw traces, and
 * with TRACE_INVALIDATIONS=1 they record what invalidated each style recalculation and layout; TRACE_EXTRA_CATEGORIES
 * (comma-separated, e.g. `blink,disabled-by-default-blink.debug`) adds Chromium's own categories, such as the style
 * engine's counters and selector timings in each recalculation.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import puppeteer from 'puppeteer-core'
import { SourceMap } from 'node:module'
import { isEntryPoint, repoRoot } from './lib/paths.js'
import { embeddedDatabaseUrl, freePort, makeDataDirectory, startLarderTimed, stopServer } from './lib/servers.js'
import { generateRecipes } from './recipe-generator.js'

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const traceDirectory = process.env.TRACE_DIR
const cpuSlowdown = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4)
const runsPerPage = Number(process.env.TRACE_RUNS ?? 1)
/**
 * With TRACE_CPU_SLOWDOWN=1, the factor by which each task's thread CPU time is multiplied to estimate Lighthouse's
 * simulated task (its Lantern multiplies the observed tasks by 4): thread time does not count the time other
 * processes held the CPU, so the estimate moves far less with the machine's load than wall times do.
 */
const simulatedSlowdown = Number(process.env.TRACE_SIMULATE ?? (cpuSlowdown === 1 ? 4 : 1))
const onlyPage = process.env.TRACE_PAGE
/** The tasks listed: those of this many ms or more (TRACE_MIN_TASK_MS; 50, a long task, unless told). */
const listedTaskMs = Number(process.env.TRACE_MIN_TASK_MS ?? 50)
const tokenStorageKey = 'larder.auth.token'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time. */
  tdur?: number
  pid: number
  tid: number
  args?: Record<string, unknown> & { data?: Record<string, unknown> }
  id?: string
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  parent?: number
}

const sourceMaps = new Map<string, SourceMap | null>()

function sourceMapFor(url: string): SourceMap | null {
  if (sourceMaps.has(url)) return sourceMaps.get(url) ?? null
  let consumer: SourceMap | null = null
  try {
    const file = path.join(repoRoot, 'apps/web/dist', new URL(url).pathname)
    if (existsSync(`${file}.map`))
      consumer = new SourceMap(
        JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0],
      )
  } catch {
    consumer = null
  }
  sourceMaps.set(url, consumer)
  return consumer
}

function describeFrame(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(program)'
  const consumer = sourceMapFor(frame.url)
  const file = new URL(frame.url).pathname.split('/').pop() ?? frame.url
  if (!consumer) return `${frame.functionName || '(anonymous)'} ${file}`
  const entry = consumer.findEntry(frame.lineNumber, frame.columnNumber) as {
    originalSource?: string
    originalLine?: number
    name?: string
  }
  const original = { source: entry.originalSource, line: entry.originalLine, name: entry.name }
  const source = (original.source ?? file)
    .replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^(\.\.\/)+/, '')
  return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line ?? '?'}`
}

type Sample = { node: number; ts: number }

/**
 * The profiler's time from `start` to `end` (µs) by function: self time, and inclusive time by each function on the
 * stack (a function counted once per sample however deep it recurses).
 */
function timeByFunction(samples: Sample[], nodes: Map<number, ProfileNode>, start: number, end: number) {
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index]
    if (!sample || sample.ts < start || sample.ts > end) continue
    const next = samples[index + 1]
    const weight = next ? (next.ts - sample.ts) / 1000 : 0
    const node = nodes.get(sample.node)
    if (!node) continue
    const name = describeFrame(node.callFrame)
    self.set(name, (self.get(name) ?? 0) + weight)
    const seen = new Set<string>()
    for (let walk: ProfileNode | undefined = node; walk; walk = walk.parent ? nodes.get(walk.parent) : undefined) {
      const ancestor = describeFrame(walk.callFrame)
      if (seen.has(ancestor)) continue
      seen.add(ancestor)
      inclusive.set(ancestor, (inclusive.get(ancestor) ?? 0) + weight)
    }
  }
  return { self, inclusive }
}

/** The `count` largest entries as lines, without the profiler's own pseudo-frames. */
function topLines(map: Map<string, number>, count: number, onlyAppSources = false): string {
  return [...map.entries()]
    .filter(([name]) => name !== '(root)' && name !== '(program)' && name !== '(idle)')
    .filter(([name]) => !onlyAppSources || name.includes('src/'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`)
    .join('\n')
}

/** TRACE_TOTALS=1: where the whole load's main-thread time went, by function and by the app's callers. */
function printTotals(samples: Sample[], nodes: Map<number, ProfileNode>, label: string) {
  const { self, inclusive } = timeByFunction(samples, nodes, -Infinity, Infinity)
  console.log(`\n${label}, the whole load: self time\n${topLines(self, 40)}`)
  console.log(`${label}, the whole load: inclusive time (app sources)\n${topLines(inclusive, 50, true)}`)
}

function summarise(events: TraceEvent[], label: string) {
  // The page's renderer (a navigation may swap processes): the renderer main thread that did the most work.
  const rendererMains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const busy = (thread: TraceEvent) =>
    events
      .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask')
      .reduce((sum, event) => sum + (event.dur ?? 0), 0)
  const busiest = rendererMains.sort((a, b) => busy(b) - busy(a))[0]
  const pageProcess = busiest?.pid
  const mainThread = busiest?.tid
  const onMain = events.filter((event) => event.pid === pageProcess && event.tid === mainThread)
  const navigationStart =
    onMain.find((event) => event.name === 'navigationStart')?.ts ?? Math.min(...onMain.map((event) => event.ts))
  const firstPaint = onMain.find((event) => event.name === 'firstContentfulPaint')?.ts ?? navigationStart
  const allTasks = onMain.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.ts >= navigationStart)
  const simulated = (event: TraceEvent) =>
    simulatedSlowdown === 1 ? (event.dur ?? 0) : (event.tdur ?? event.dur ?? 0) * simulatedSlowdown
  const tasks = allTasks.filter((event) => simulated(event) >= listedTaskMs * 1000).sort((a, b) => a.ts - b.ts)
  const afterPaint = allTasks.filter((event) => event.ts >= firstPaint)
  const estimate = afterPaint.reduce((sum, event) => sum + Math.max(0, simulated(event) / 1000 - 50), 0)
  const cpu = allTasks.reduce((sum, event) => sum + (event.tdur ?? 0) / 1000, 0)
  const complete = onMain.filter((event) => event.ph === 'X' && event.name !== 'RunTask')

  // The sampling profiler: chunks of node trees and (sample, time delta) pairs.
  const nodes = new Map<number, ProfileNode>()
  const samples: Sample[] = []
  let profileStart = 0
  for (const event of events.filter((candidate) => candidate.pid === pageProcess)) {
    if (event.name === 'Profile') profileStart = Number((event.args?.data as { startTime?: number })?.startTime ?? 0)
    if (event.name !== 'ProfileChunk') continue
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let time = samples.at(-1)?.ts ?? profileStart
    const deltas = data.timeDeltas ?? []
    ;(data.cpuProfile?.samples ?? []).forEach((node, index) => {
      time += deltas[index] ?? 0
      samples.push({ node, ts: time })
    })
  }

  let totalBlocking = 0
  console.log(
    `\n=== ${label}: ${tasks.length} tasks ≥ ${listedTaskMs} ms (CPU ×${cpuSlowdown}${simulatedSlowdown === 1 ? '' : `, thread time ×${simulatedSlowdown}`}) ===`,
  )
  for (const task of tasks) {
    const start = task.ts
    const end = task.ts + (task.dur ?? 0)
    totalBlocking += Math.max(0, simulated(task) / 1000 - 50)
    const inside = complete.filter((event) => event.ts >= start && event.ts + (event.dur ?? 0) <= end)
    const parts = new Map<string, number>()
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    for (const event of inside) {
      let key: string | null = null
      const data = event.args?.data ?? {}
      if (event.name === 'EvaluateScript' || event.name === 'v8.compile' || event.name === 'v8.compileModule')
        key = `${event.name} ${(text(data.url) || text(event.args?.fileName)).split('/').pop()}`
      else if (
        ['UpdateLayoutTree', 'Layout', 'Paint', 'ParseHTML', 'ParseAuthorStyleSheet', 'PrePaint', 'Layerize'].includes(
          event.name,
        )
      )
        key = event.name
      else if (
        event.name === 'FunctionCall' ||
        event.name === 'TimerFire' ||
        event.name === 'FireAnimationFrame' ||
        event.name === 'EventDispatch'
      )
        key = `${event.name} ${(text(data.url) || text(data.type)).split('/').pop()}`
      else if (event.name === 'v8.run') key = `v8.run ${text(event.args?.fileName).split('/').pop()}`
      if (key) parts.set(key, (parts.get(key) ?? 0) + (event.dur ?? 0) / 1000)
    }
    const sorted = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)
    console.log(
      `\n- task at ${((start - navigationStart) / 1000).toFixed(0)} ms, ${(simulated(task) / 1000).toFixed(0)} ms: ${sorted.map(([key, ms]) => `${key} ${ms.toFixed(0)}`).join('; ')}`,
    )
    // Self time by function and, for the top ones, by the component/module that called them.
    const { self, inclusive } = timeByFunction(samples, nodes, start, end)
    console.log(`  self time:\n${topLines(self, 14)}`)
    console.log(`  inclusive time (app sources):\n${topLines(inclusive, 22, true)}`)
  }
  if (process.env.TRACE_TOTALS) printTotals(samples, nodes, label)
  console.log(`\n${label}: blocking time of these tasks ${totalBlocking.toFixed(0)} ms`)
  console.log(
    `${label}: main-thread CPU ${cpu.toFixed(0)} ms; after the first paint, blocking time estimate ${estimate.toFixed(0)} ms over ${afterPaint.filter((event) => simulated(event) >= 50_000).length} long tasks`,
  )
}

async function main() {
  const dataDirectory = makeDataDirectory('trace')
  const { server } = await startLarderTimed({ dataDirectory, port: await freePort() })
  const sql = postgres(embeddedDatabaseUrl(dataDirectory), { max: 1, onnotice: () => {} })
  let groupSlug = ''
  let largestSlug = ''
  try {
    const library = await generateRecipes(sql, { recipes: 1_000, largeRecipeIngredients: 40 })
    const [group] = await sql<{ slug: string }[]>`select slug from groups where id = ${library.groupId}`
    groupSlug = group?.slug ?? ''
    largestSlug = library.largestSlug
  } finally {
    await sql.end({ timeout: 5 })
  }
  const signIn = await fetch(`${server.baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'changeme@example.com', password: 'MyPassword' }),
  })
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const cookies = signIn.headers.getSetCookie().flatMap((header) => {
    const [pair = ''] = header.split(';')
    const split = pair.indexOf('=')
    return split > 0 ? [{ name: pair.slice(0, split).trim(), value: pair.slice(split + 1).trim() }] : []
  })
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const page = await browser.newPage()
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    await page.goto(`${server.baseUrl}/api/app/about`)
    await page.evaluate(`localStorage.setItem(${JSON.stringify(tokenStorageKey)}, ${JSON.stringify(token)})`)
    const devtools = await page.createCDPSession()
    for (const cookie of cookies) await devtools.send('Network.setCookie', { ...cookie, url: server.baseUrl })
    const pages = [
      { id: 'explorer', path: `/g/${groupSlug}` },
      { id: 'recipe', path: `/g/${groupSlug}/r/${largestSlug}` },
    ].filter((target) => !onlyPage || target.id === onlyPage)
    for (const target of pages) {
      for (let run = 1; run <= runsPerPage; run += 1) {
        await page.goto('about:blank')
        await devtools.send('Network.clearBrowserCache')
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
        await page.tracing.start({
          categories: [
            '-*',
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-devtools.timeline.frame',
            'v8.execute',
            'v8',
            'disabled-by-default-v8.cpu_profiler',
            'blink.user_timing',
            'loading',
            // TRACE_INVALIDATIONS=1: what made each style recalculation (kept in TRACE_DIR's traces).
            ...(process.env.TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
            ...(process.env.TRACE_EXTRA_CATEGORIES?.split(',') ?? []),
            '__metadata',
          ],
        })
        // networkidle2: a signed-in page keeps its /api/live stream open for good, so it is never idle0.
        await page.goto(`${server.baseUrl}${target.path}`, { waitUntil: 'networkidle2', timeout: 60_000 })
        await new Promise((resolve) => setTimeout(resolve, 3_000))
        const buffer = await page.tracing.stop()
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 })
        const text = Buffer.from(buffer ?? new Uint8Array()).toString('utf8')
        if (traceDirectory) {
          mkdirSync(traceDirectory, { recursive: true })
          writeFileSync(path.join(traceDirectory, `trace-${target.id}-${run}.json`), text)
        }
        const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] }
        summarise(parsed.traceEvents, `${target.id} run ${run}`)
      }
    }
  } finally {
    await browser.close()
    await stopServer(server)
  }
}

/** TRACE_FILES (space-separated): summarise traces recorded before instead of recording new ones. */
const savedTraces = process.env.TRACE_FILES?.split(' ').filter(Boolean)
if (isEntryPoint(import.meta.url)) {
  if (savedTraces) {
    for (const file of savedTraces)
      summarise((JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, file)
  } else await main()
}
