/**
 * live (docs/budgets.md "Server budgets", issue #31): 200 open `/api/live` streams, 1,000 changes (a tag created each, four at a time),
 * change → delivered to every stream: p50 / p95 from the moment the change's request is sent to the moment a stream
 * has parsed its event. Budget: p95 ≤ 300 ms; ≤ 50 KB of server memory (RSS of the Node process) per open stream.
 * Also the server's CPU per delivered event (the changes' own requests included). On the machine's PostgreSQL
 * (`BENCH_PG_URL`, a fresh database) and on the embedded one. The streams are read in this process, which competes
 * with the server for the same two cores: the latencies are an upper bound.
 * `pnpm --filter @larder/bench bench:live [-- --databases external,embedded --streams 200 --changes 1000]`
 */
import postgres from 'postgres'
import { readMemory, readProcess, clockTicksPerSecond } from './lib/procfs.js'
import { runAsScript } from './lib/main.js'
import { metric, newResult, round, type Metric } from './lib/report.js'
import { freePort, makeDataDirectory, startLarderTimed, stopServer, type RunningServer } from './lib/servers.js'

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1]! : fallback
}
const streamCount = Number(argument('streams', '200'))
const changeCount = Number(argument('changes', '1000'))
const databases = argument('databases', 'external,embedded').split(',')
const changeConcurrency = 4
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'changeme@example.com', password: 'MyPassword' }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** One stream read as it arrives: for each tag slug, when its event was parsed here. */
async function openStream(baseUrl: string, token: string, arrivals: Map<string, number>[], abort: AbortSignal) {
  const response = await fetch(`${baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: abort })
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`)
  const arrived = new Map<string, number>()
  arrivals.push(arrived)
  let ready!: () => void
  const opened = new Promise<void>((resolve) => (ready = resolve))
  void (async () => {
    const decoder = new TextDecoder()
    let buffered = ''
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true })
        ready()
        let end: number
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (data) arrived.set((JSON.parse(data.slice(6)) as { tagSlug: string }).tagSlug, performance.now())
        }
      }
    } catch {
      // aborted at the end
    }
  })()
  await opened
}

async function measure(server: RunningServer, label: string) {
  const token = await signIn(server.baseUrl)
  const rssOf = () => readMemory(server.pid, 'node')?.rssKb ?? Number.NaN
  // A first round of streams, closed again: the route's first use (code loaded, compiled, the heap grown for it) is
  // not what each further stream costs.
  const warmUp = new AbortController()
  for (let index = 0; index < 20; index += 1) await openStream(server.baseUrl, token, [], warmUp.signal)
  warmUp.abort()
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const before = rssOf()
  const abort = new AbortController()
  const arrivals: Map<string, number>[] = []
  for (let index = 0; index < streamCount; index += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, streamCount - index) }, () =>
        openStream(server.baseUrl, token, arrivals, abort.signal),
      ),
    )
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
  const perStreamKb = (rssOf() - before) / streamCount

  const sentAt = new Map<string, number>()
  const cpuBefore = readProcess(server.pid)?.cpuTicks ?? 0
  let next = 0
  const changer = async () => {
    while (next < changeCount) {
      const slug = `bench-live-${label}-${next++}`
      sentAt.set(slug, performance.now())
      const response = await fetch(`${server.baseUrl}/api/organizers/tags`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: slug }),
      })
      if (response.status !== 201) throw new Error(`change answered ${response.status}`)
      await response.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: changeConcurrency }, changer))
  const expected = streamCount * changeCount
  const deadline = performance.now() + 30_000
  const delivered = () => arrivals.reduce((sum, arrived) => sum + arrived.size, 0)
  while (delivered() < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  const cpuSeconds = ((readProcess(server.pid)?.cpuTicks ?? 0) - cpuBefore) / clockTicksPerSecond
  abort.abort()

  const latencies: number[] = []
  for (const arrived of arrivals)
    for (const [slug, at] of arrived) {
      const sent = sentAt.get(slug)
      if (sent !== undefined) latencies.push(at - sent)
    }
  latencies.sort((a, b) => a - b)
  return {
    p50: round(percentile(latencies, 0.5), 1),
    p95: round(percentile(latencies, 0.95), 1),
    perStreamKb: round(perStreamKb, 1),
    cpuMicrosecondsPerEvent: round((cpuSeconds * 1e6) / Math.max(1, latencies.length), 1),
    delivered: latencies.length,
    expected,
  }
}

async function runOn(label: string, env: Record<string, string>) {
  const dataDirectory = makeDataDirectory(`live-${label}`)
  const { server } = await startLarderTimed({
    dataDirectory,
    port: await freePort(),
    env: { ...env, LIVE_STREAMS_PER_USER: String(streamCount + 10) },
  })
  try {
    return await measure(server, label)
  } finally {
    await stopServer(server)
  }
}

void runAsScript(async () => {
  const startedAt = new Date()
  const metrics: Metric[] = []
  const notes: string[] = [
    `${streamCount} streams of one user, ${changeCount} tags created ${changeConcurrency} at a time; the streams are read in the bench process`,
  ]
  const details: Record<string, unknown> = {}
  for (const database of databases) {
    let env: Record<string, string> = {}
    if (database === 'external') {
      const name = 'larder_bench_live'
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`)
        await admin.unsafe(`create database ${name}`)
      } finally {
        await admin.end({ timeout: 5 })
      }
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      env = { DATABASE_URL: url.toString() }
    }
    const figures = await runOn(database, env)
    details[database] = figures
    metrics.push(
      metric({
        id: `${database}_delivered_p50_ms`,
        label: `${database}: change → delivered p50`,
        value: figures.p50,
        unit: 'ms',
      }),
      metric({
        id: `${database}_delivered_p95_ms`,
        label: `${database}: change → delivered p95`,
        value: figures.p95,
        unit: 'ms',
        budget: { kind: 'max', limit: 300 },
      }),
      metric({
        id: `${database}_memory_per_stream_kb`,
        label: `${database}: server memory per open stream`,
        value: figures.perStreamKb,
        unit: 'KB',
        budget: { kind: 'max', limit: 50 },
      }),
      metric({
        id: `${database}_cpu_per_event_us`,
        label: `${database}: server CPU per delivered event`,
        value: figures.cpuMicrosecondsPerEvent,
        unit: 'µs',
      }),
      metric({
        id: `${database}_events_delivered`,
        label: `${database}: events delivered`,
        value: figures.delivered,
        unit: '',
        budget: { kind: 'min', limit: figures.expected },
      }),
    )
  }
  return newResult('live', startedAt, metrics, notes, details)
}, 300_000)
