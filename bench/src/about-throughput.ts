/**
 * about-throughput (docs/budgets.md "Server budgets"): requests/s of GET /api/app/about on Larder against a bare Fastify hello-world, in the
 * same run with the same load generator (autocannon, in this process; each server is its own child process):
 * 50 connections, 2 s warm-up (discarded), then 8 s measured. Budget: Larder ≥ 0.6 × the hello-world.
 * Larder runs as `pnpm start` would, with LOG_LEVEL=warn (no per-request log lines).
 */
import autocannon from 'autocannon'
import { readProcess, clockTicksPerSecond } from './lib/procfs.js'
import { runAsScript } from './lib/main.js'
import { isEntryPoint } from './lib/paths.js'
import { metric, newResult, round, type BenchResult } from './lib/report.js'
import {
  freePort,
  getOnce,
  makeDataDirectory,
  removeDataDirectory,
  startHelloTimed,
  startLarderTimed,
  stopServer,
  webClientNote,
  type RunningServer,
} from './lib/servers.js'

const connections = 50
const warmUpSeconds = 2
const durationSeconds = 8
const budgetRatio = 0.6

interface LoadFigures {
  requestsPerSecond: number
  total: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Share of one core the server process used while measured: below ~0.9 the load generator was the limit. */
  serverCpu: number
  /** Requests served per CPU-second of the server process: a figure that does not depend on who saturates first. */
  requestsPerCpuSecond: number
}

async function load(server: RunningServer, path: string): Promise<LoadFigures> {
  const url = `${server.baseUrl}${path}`
  await autocannon({ url, connections, duration: warmUpSeconds })
  const cpuBefore = readProcess(server.pid)?.cpuTicks ?? 0
  const result = await autocannon({ url, connections, duration: durationSeconds })
  const cpuSeconds = ((readProcess(server.pid)?.cpuTicks ?? 0) - cpuBefore) / clockTicksPerSecond
  const total = result.requests.total
  return {
    requestsPerSecond: round(total / result.duration, 0),
    total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpu: round(cpuSeconds / result.duration, 2),
    requestsPerCpuSecond: round(total / cpuSeconds, 0),
  }
}

function describe(name: string, figures: LoadFigures): string {
  return (
    `${name}: ${figures.requestsPerSecond.toLocaleString('en-US')} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ` +
    `${figures.non2xx} non-2xx, ${figures.errors} errors, server CPU ${Math.round(figures.serverCpu * 100)}% of a core, ` +
    `${figures.requestsPerCpuSecond.toLocaleString('en-US')} req per server CPU-second`
  )
}

export async function runAboutThroughput(): Promise<BenchResult> {
  const startedAt = new Date()
  console.log(
    `about-throughput: autocannon, ${connections} connections, ${warmUpSeconds} s warm-up + ${durationSeconds} s per server`,
  )

  const hello = await startHelloTimed(await freePort())
  let floor: LoadFigures
  try {
    floor = await load(hello.server, '/')
  } finally {
    await stopServer(hello.server)
  }
  console.log(`  ${describe('bare Fastify hello-world', floor)}`)

  const dataDirectory = makeDataDirectory('throughput')
  const { server } = await startLarderTimed({ dataDirectory, port: await freePort(), logLevel: 'warn' })
  let larder: LoadFigures
  let bodyBytes: number
  try {
    bodyBytes = Buffer.byteLength((await getOnce(`${server.baseUrl}/api/app/about`)).body)
    larder = await load(server, '/api/app/about')
  } finally {
    await stopServer(server)
    removeDataDirectory(dataDirectory)
  }
  console.log(`  ${describe('Larder GET /api/app/about', larder)}`)
  if (larder.non2xx > 0 || larder.errors > 0 || floor.non2xx > 0 || floor.errors > 0) {
    throw new Error('some requests failed during the load: the figures are not comparable')
  }

  const ratio = round(larder.requestsPerSecond / floor.requestsPerSecond, 3)
  const metrics = [
    metric({
      id: 'about_rps',
      label: 'Larder GET /api/app/about',
      value: larder.requestsPerSecond,
      unit: 'req/s',
      floor: { label: 'bare Fastify hello-world', value: floor.requestsPerSecond },
    }),
    metric({
      id: 'hello_rps',
      label: 'floor: bare Fastify hello-world',
      value: floor.requestsPerSecond,
      unit: 'req/s',
    }),
    metric({
      id: 'about_ratio',
      label: 'Larder ÷ hello-world',
      value: ratio,
      unit: '×',
      budget: { kind: 'min', limit: budgetRatio },
    }),
    metric({
      id: 'about_cpu_ratio',
      label: 'Larder ÷ hello-world, per server CPU-second',
      value: round(larder.requestsPerCpuSecond / floor.requestsPerCpuSecond, 3),
      unit: '×',
    }),
  ]
  const notes = [
    describe('floor', floor),
    describe('Larder', larder),
    `Larder answers ${bodyBytes} bytes of JSON and runs its full request pipeline (request id, helmet headers, optional session lookup, contract validation); the hello-world answers {"hello":"world"}`,
    'load generator and servers share the machine: when a server uses well under a full core the generator was the limit, and the per-CPU-second ratio is the fairer comparison',
    webClientNote(),
  ]
  return newResult('about-throughput', startedAt, metrics, notes, {
    connections,
    warmUpSeconds,
    durationSeconds,
    floor,
    larder,
    bodyBytes,
  })
}

if (isEntryPoint(import.meta.url)) await runAsScript(runAboutThroughput)
