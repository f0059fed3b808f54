/**
 * idle-memory (docs/budgets.md "Server budgets"): Larder after start and a few requests (public app info, a sign-in with argon2, the
 * signed-in user), then ~3 s idle. Sums the memory of the Node process and every process below it (the embedded
 * PostgreSQL postmaster, its auxiliary processes and the pool's backends), found by walking /proc/<pid>/stat ppids.
 * Judged on PSS: PostgreSQL's shared memory (shared_buffers and the rest of its shared segment) is mapped by every
 * one of its processes and RSS counts it in full in each; PSS divides each shared page among the processes mapping
 * it, so the sum of PSS is what the group of processes really costs the machine.
 * Floor: the same figures for a bare Fastify hello-world after a few requests.
 */
import { descendantsOf, readMemory, readProcess, type ProcessMemory } from './lib/procfs.js'
import { runAsScript } from './lib/main.js'
import { isEntryPoint } from './lib/paths.js'
import { metric, newResult, padTable, round, type BenchResult } from './lib/report.js'
import {
  freePort,
  makeDataDirectory,
  removeDataDirectory,
  startHelloTimed,
  startLarderTimed,
  stopServer,
  webClientNote,
} from './lib/servers.js'

const idleMs = 3_000
const budgetMb = 250
const mb = (kb: number) => round(kb / 1024)

function snapshot(rootPid: number): ProcessMemory[] {
  const root = readProcess(rootPid)
  const processes = [...(root ? [root] : []), ...descendantsOf(rootPid)]
  return processes
    .map((info) => readMemory(info.pid, info.comm))
    .filter((memory): memory is ProcessMemory => memory !== null)
}

function totals(processes: ProcessMemory[]) {
  const sum = (pick: (memory: ProcessMemory) => number) => processes.reduce((total, memory) => total + pick(memory), 0)
  return {
    rssKb: sum((m) => m.rssKb),
    pssKb: sum((m) => m.pssKb),
    pssAnonKb: sum((m) => m.pssAnonKb),
    pssShmemKb: sum((m) => m.pssShmemKb),
    pssFileKb: sum((m) => m.pssFileKb),
  }
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return response
}

/** What a browser does on first visit and sign-in, a handful of times. */
async function exercise(baseUrl: string): Promise<number> {
  let requests = 0
  for (let i = 0; i < 5; i += 1) {
    for (const path of ['/api/app/about', '/api/app/about/startup-info', '/api/app/about/theme']) {
      await expectOk(await fetch(`${baseUrl}${path}`), path)
      requests += 1
    }
  }
  await expectOk(await fetch(`${baseUrl}/openapi.json`), '/openapi.json')
  const signIn = await expectOk(
    await fetch(`${baseUrl}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'changeme@example.com', password: 'MyPassword' }),
    }),
    'POST /api/auth/token',
  )
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  for (let i = 0; i < 5; i += 1) {
    await expectOk(
      await fetch(`${baseUrl}/api/users/self`, { headers: { authorization: `Bearer ${token}` } }),
      '/api/users/self',
    )
    requests += 1
  }
  return requests + 2
}

export async function runIdleMemory(): Promise<BenchResult> {
  const startedAt = new Date()
  console.log(`idle-memory: Node + PostgreSQL processes after a few requests and ${idleMs / 1000} s idle`)

  const hello = await startHelloTimed(await freePort())
  for (let i = 0; i < 20; i += 1) await (await fetch(`${hello.server.baseUrl}/`)).text()
  await new Promise((resolve) => setTimeout(resolve, idleMs))
  const floorTotals = totals(snapshot(hello.server.pid))
  await stopServer(hello.server)

  const dataDirectory = makeDataDirectory('memory')
  // The first start initialises the cluster; measure a normal (re)start, as a long-running install would be.
  await stopServer((await startLarderTimed({ dataDirectory, port: await freePort() })).server)
  const { server } = await startLarderTimed({ dataDirectory, port: await freePort() })
  let processes: ProcessMemory[]
  let requests: number
  try {
    requests = await exercise(server.baseUrl)
    await new Promise((resolve) => setTimeout(resolve, idleMs))
    processes = snapshot(server.pid)
  } finally {
    await stopServer(server)
    removeDataDirectory(dataDirectory)
  }

  const larder = totals(processes)
  const node = processes.find((memory) => memory.pid === server.pid)
  const database = totals(processes.filter((memory) => memory.pid !== server.pid))
  const floorPss = { label: 'bare Fastify hello-world', value: mb(floorTotals.pssKb) }
  const floorRss = { label: 'bare Fastify hello-world', value: mb(floorTotals.rssKb) }

  const metrics = [
    metric({
      id: 'idle_pss_total_mb',
      label: 'PSS, Node + PostgreSQL (judged)',
      value: mb(larder.pssKb),
      unit: 'MB',
      budget: { kind: 'max', limit: budgetMb },
      floor: floorPss,
    }),
    metric({
      id: 'idle_rss_total_mb',
      label: 'RSS sum, Node + PostgreSQL (overcounts)',
      value: mb(larder.rssKb),
      unit: 'MB',
      floor: floorRss,
    }),
    metric({
      id: 'idle_node_pss_mb',
      label: 'PSS, Node process',
      value: mb(node?.pssKb ?? 0),
      unit: 'MB',
      floor: floorPss,
    }),
    metric({
      id: 'idle_node_rss_mb',
      label: 'RSS, Node process',
      value: mb(node?.rssKb ?? 0),
      unit: 'MB',
      floor: floorRss,
    }),
    metric({
      id: 'idle_postgres_pss_mb',
      label: `PSS, ${processes.length - 1} PostgreSQL processes`,
      value: mb(database.pssKb),
      unit: 'MB',
    }),
    metric({
      id: 'idle_postgres_rss_mb',
      label: `RSS sum, ${processes.length - 1} PostgreSQL processes`,
      value: mb(database.rssKb),
      unit: 'MB',
    }),
  ]
  const table = padTable([
    ['pid', 'process', 'RSS MB', 'PSS MB', 'anon', 'shmem', 'file'],
    ...processes.map((m) => [
      String(m.pid),
      m.name,
      mb(m.rssKb).toFixed(1),
      mb(m.pssKb).toFixed(1),
      mb(m.pssAnonKb).toFixed(1),
      mb(m.pssShmemKb).toFixed(1),
      mb(m.pssFileKb).toFixed(1),
    ]),
  ])
  console.log(table.replace(/^/gm, '  '))
  const notes = [
    `MB = 2^20 bytes. ${requests} requests (app info, theme, startup-info, openapi.json, one argon2 sign-in, /users/self), then ${idleMs / 1000} s idle`,
    `PSS split, all processes — anonymous ${mb(larder.pssAnonKb)} MB, shared memory ${mb(larder.pssShmemKb)} MB, files ${mb(larder.pssFileKb)} MB`,
    `why PSS: every PostgreSQL process maps the same shared segment (shared_buffers and the rest); RSS counts the pages each process has touched in full in each one, so the RSS sum counts shared pages several times (here ${mb(larder.rssKb - larder.pssKb)} MB of double counting). PSS charges each shared page once, split among the processes mapping it, so its sum is the memory the group really takes`,
    webClientNote(),
  ]
  return newResult('idle-memory', startedAt, metrics, notes, { idleMs, requests, processes, floor: floorTotals })
}

if (isEntryPoint(import.meta.url)) await runAsScript(runIdleMemory)
