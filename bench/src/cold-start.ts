/**
 * cold-start (docs/budgets.md "Server budgets"): wall time from spawning `node apps/api/dist/main.js` to the first 200 from
 * GET /api/app/about, polled every 10 ms over fresh connections.
 *   (a) first-ever start on an empty DATA_DIR (includes initdb, migrations and the first-run seed)
 *   (b) restart, cluster initialised, no data
 *   (c) restart after seeding 10,000 users (start-up must not grow with data)
 * Floor: the same measure for a bare Fastify hello-world.
 */
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { availableParallelism } from 'node:os'
import postgres from 'postgres'
import { runAsScript } from './lib/main.js'
import { isEntryPoint } from './lib/paths.js'
import { median, metric, newResult, round, type BenchResult } from './lib/report.js'
import {
  embeddedDatabaseUrl,
  freePort,
  makeDataDirectory,
  removeDataDirectory,
  startHelloTimed,
  startLarderTimed,
  stopServer,
  type RunningServer,
  webClientNote,
} from './lib/servers.js'

const repeats = 3
const seededRows = 10_000

/** Larder's own figure from its "Larder is ready on … after N ms" log line (time after Node loaded the bundle). */
function selfReportedReadyMs(server: RunningServer): number | null {
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as { msg?: unknown }
      const match = typeof entry.msg === 'string' ? /^Larder is ready on .* after (\d+) ms/.exec(entry.msg) : null
      if (match) return Number(match[1])
    } catch {
      // not a log line
    }
  }
  return null
}

interface Sample {
  ms: number
  cpuMs: number
  selfReportedMs: number | null
  stopMs: number
}

/** One timed start and a clean stop. LOG_LEVEL=info only to read the ready line; nothing else is logged before it. */
async function timedLarderStart(dataDirectory: string): Promise<Sample> {
  const { server, ms, cpuMs } = await startLarderTimed({ dataDirectory, port: await freePort(), logLevel: 'info' })
  const selfReportedMs = selfReportedReadyMs(server)
  const stopMs = await stopServer(server)
  return { ms, cpuMs, selfReportedMs, stopMs }
}

/** Starts Larder (untimed), inserts `seededRows` users into its embedded database, stops it. */
async function seedUsers(dataDirectory: string): Promise<{ users: number; tableBytes: number; seedMs: number }> {
  const { server } = await startLarderTimed({ dataDirectory, port: await freePort(), logLevel: 'warn' })
  const sql = postgres(embeddedDatabaseUrl(dataDirectory), { max: 1, onnotice: () => {} })
  const startedAt = performance.now()
  try {
    await sql`
      insert into users (username, full_name, email, password_hash, group_id, household_id)
      select 'bench-user-' || n, 'Bench User ' || n, 'bench-user-' || n || '@example.com',
             '$argon2id$v=19$m=19456,t=2,p=1$' || md5(n::text) || '$' || md5(n::text || 'x'),
             admin.group_id, admin.household_id
      from generate_series(1, ${seededRows}::int) as n,
           (select group_id, household_id from users where admin order by created_at limit 1) as admin`
    await sql`vacuum analyze users`
    const [row] = await sql<{ users: number; bytes: number }[]>`
      select count(*)::int as users, pg_total_relation_size('users')::bigint::float8 as bytes from users`
    return { users: row?.users ?? 0, tableBytes: row?.bytes ?? 0, seedMs: performance.now() - startedAt }
  } finally {
    await sql.end({ timeout: 5 })
    await stopServer(server)
  }
}

interface ModuleCensus {
  files: number
  kib: number
  /** The packages with the most bytes loaded, `name files/KiB`. */
  largest: string[]
}

/**
 * One more start (untimed) with lib/module-census.mjs: what Node had loaded when Larder began to listen. A count of
 * files and bytes does not stretch with the machine's load, so it shows what start-up loads on a busy machine too.
 */
async function moduleCensus(dataDirectory: string): Promise<ModuleCensus> {
  const output = path.join(tmpdir(), `larder-module-census-${process.pid}.json`)
  const hook = pathToFileURL(path.join(import.meta.dirname, 'lib/module-census.mjs')).href
  const { server } = await startLarderTimed({
    dataDirectory,
    port: await freePort(),
    env: { NODE_OPTIONS: `--import ${hook}`, LARDER_MODULE_CENSUS: output },
  })
  await stopServer(server)
  const files = JSON.parse(readFileSync(output, 'utf8')) as { path: string; bytes: number }[]
  rmSync(output, { force: true })
  const byPackage = new Map<string, { files: number; bytes: number }>()
  for (const file of files) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(file.path)?.[1] ?? 'Larder (dist)'
    const entry = byPackage.get(name) ?? { files: 0, bytes: 0 }
    entry.files += 1
    entry.bytes += file.bytes
    byPackage.set(name, entry)
  }
  const largest = [...byPackage]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 8)
    .map(([name, entry]) => `${name} ${entry.files}/${Math.round(entry.bytes / 1024)}`)
  const kib = Math.round(files.reduce((sum, file) => sum + file.bytes, 0) / 1024)
  return { files: files.length, kib, largest }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

export async function runColdStart(): Promise<BenchResult> {
  const startedAt = new Date()
  const loadBefore = loadAverage()
  console.log('cold-start: spawn → first 200 from GET /api/app/about (10 ms polling)')

  // Set-up (untimed): one cluster left empty, one seeded with 10k users.
  const emptyDirectory = makeDataDirectory('empty')
  const seededDirectory = makeDataDirectory('seeded')
  await stopServer((await startLarderTimed({ dataDirectory: emptyDirectory, port: await freePort() })).server)
  await stopServer((await startLarderTimed({ dataDirectory: seededDirectory, port: await freePort() })).server)
  const seed = await seedUsers(seededDirectory)
  console.log(
    `  set-up: seeded ${seed.users} users (${(seed.tableBytes / 2 ** 20).toFixed(1)} MB with indexes) in ${seed.seedMs.toFixed(0)} ms`,
  )

  // Rounds interleave every kind of start, so that load from elsewhere on the machine falls on all of them alike.
  const floorSamples: { ms: number; cpuMs: number }[] = []
  const firstStarts: Sample[] = []
  const emptyRestarts: Sample[] = []
  const dataRestarts: Sample[] = []
  for (let round = 1; round <= repeats; round += 1) {
    const hello = await startHelloTimed(await freePort())
    floorSamples.push({ ms: hello.ms, cpuMs: hello.cpuMs })
    await stopServer(hello.server)

    const freshDirectory = makeDataDirectory('first')
    firstStarts.push(await timedLarderStart(freshDirectory))
    removeDataDirectory(freshDirectory)

    emptyRestarts.push(await timedLarderStart(emptyDirectory))
    dataRestarts.push(await timedLarderStart(seededDirectory))
    const show = (sample: { ms: number } | undefined) => `${sample?.ms.toFixed(0)} ms`
    console.log(
      `  round ${round}: floor ${show(floorSamples.at(-1))} · first start ${show(firstStarts.at(-1))} · ` +
        `restart empty ${show(emptyRestarts.at(-1))} · restart ${seededRows / 1000}k ${show(dataRestarts.at(-1))}`,
    )
  }
  const census = await moduleCensus(emptyDirectory)
  removeDataDirectory(emptyDirectory)
  removeDataDirectory(seededDirectory)

  const wall = (samples: { ms: number }[]) => round(median(samples.map((s) => s.ms)))
  const cpu = (samples: { cpuMs: number }[]) => round(median(samples.map((s) => s.cpuMs)))
  const selfReported = (samples: Sample[]) => median(samples.map((s) => s.selfReportedMs ?? Number.NaN))
  const floor = { label: 'bare Fastify hello-world', value: wall(floorSamples) }
  const first = wall(firstStarts)
  const empty = wall(emptyRestarts)
  const withData = wall(dataRestarts)

  const metrics = [
    metric({
      id: 'first_start_ms',
      label: 'first-ever start (initdb), median',
      value: first,
      unit: 'ms',
      budget: { kind: 'max', limit: 5000 },
      floor,
    }),
    metric({
      id: 'restart_empty_ms',
      label: 'restart, empty, median',
      value: empty,
      unit: 'ms',
      budget: { kind: 'max', limit: 1500 },
      floor,
    }),
    metric({
      id: 'restart_10k_ms',
      label: `restart, ${seededRows / 1000}k users, median`,
      value: withData,
      unit: 'ms',
      budget: { kind: 'max', limit: 1500 },
      floor,
    }),
    metric({
      id: 'restart_floor_ratio',
      label: 'restart (slower of empty and 10k) ÷ floor',
      value: round(Math.max(empty, withData) / floor.value, 2),
      unit: '×',
      budget: { kind: 'max', limit: 4 },
    }),
    metric({
      id: 'restart_cpu_floor_ratio',
      label: 'restart CPU time ÷ floor CPU time (load-independent)',
      value: round(Math.max(cpu(emptyRestarts), cpu(dataRestarts)) / cpu(floorSamples), 2),
      unit: '×',
    }),
    metric({ id: 'files_at_listen', label: 'files loaded when listening', value: census.files, unit: 'files' }),
    metric({ id: 'kib_at_listen', label: 'their size', value: census.kib, unit: 'KiB' }),
    metric({
      id: 'restart_growth',
      label: 'restart with data ÷ restart empty',
      value: round(withData / empty, 3),
      unit: '×',
    }),
    metric({ id: 'floor_hello_ms', label: 'floor: bare Fastify hello-world, median', value: floor.value, unit: 'ms' }),
  ]
  const list = (samples: { ms: number }[]) => samples.map((s) => s.ms.toFixed(0)).join(', ')
  const notes = [
    `wall samples (ms) — floor: ${list(floorSamples)}; first: ${list(firstStarts)}; restart empty: ${list(emptyRestarts)}; restart ${seededRows / 1000}k: ${list(dataRestarts)}`,
    `CPU time of the Node process until its first answer, medians (load-independent) — floor: ${cpu(floorSamples)} ms, first: ${cpu(firstStarts)} ms, restart empty: ${cpu(emptyRestarts)} ms, restart ${seededRows / 1000}k: ${cpu(dataRestarts)} ms`,
    `Larder's own "ready after N ms" (bundle loaded → listening), medians — first: ${selfReported(firstStarts)} ms, restart empty: ${selfReported(emptyRestarts)} ms, restart ${seededRows / 1000}k: ${selfReported(dataRestarts)} ms; the rest of the wall time is Node booting and importing the bundle's dependencies`,
    `graceful stop after SIGTERM (drain + PostgreSQL fast shutdown), median: ${round(median([...firstStarts, ...emptyRestarts, ...dataRestarts].map((s) => s.stopMs)))} ms`,
    `load average before / after: ${loadBefore} / ${loadAverage()} on ${availableParallelism()} cores (wall times stretch when other work shares the machine)`,
    `loaded when listening (one more restart, untimed, lib/module-census.mjs): ${census.files} files, ${census.kib} KiB; the largest (files/KiB): ${census.largest.join(', ')}`,
    webClientNote(),
  ]
  return newResult('cold-start', startedAt, metrics, notes, {
    repeats,
    seededUsers: seed.users,
    seededTableBytes: seed.tableBytes,
    samples: { floor: floorSamples, firstStarts, emptyRestarts, dataRestarts },
  })
}

if (isEntryPoint(import.meta.url)) await runAsScript(runColdStart)
