import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { benchRoot, helloServer, larderMain, repoRoot, webDist } from './paths.js'
import { clockTicksPerSecond, descendantsOf, isAlive, readProcess, type ProcessInfo } from './procfs.js'

/** Everything a bench started, so that an interrupted run still stops it and removes its files. */
const liveServers = new Set<RunningServer>()
const temporaryDirectories = new Set<string>()

export interface RunningServer {
  kind: 'larder' | 'hello' | 'floor'
  child: ChildProcess
  pid: number
  port: number
  baseUrl: string
  dataDirectory?: string
  /** stderr and stdout, kept for error messages. */
  output: () => string
  exited: Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      )
    })
  })
}

/** A fresh DATA_DIR under the OS temp directory, traversable by the `postgres` OS user PostgreSQL runs as under root. */
export function makeDataDirectory(label: string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), `larder-bench-${label}-`))
  chmodSync(directory, 0o755)
  temporaryDirectories.add(directory)
  return directory
}

export function removeDataDirectory(directory: string): void {
  rmSync(directory, { recursive: true, force: true })
  temporaryDirectories.delete(directory)
}

/** The environment of a child server: ours without anything that would point it at another database or port. */
function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of Object.keys(env)) {
    if (name.startsWith('npm_') || name.startsWith('THEME_')) delete env[name]
  }
  for (const name of [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'PORT',
    'HOST',
    'BASE_URL',
    'DATA_DIR',
    'SECRET',
    'NODE_OPTIONS',
    'WEB_DIST_DIR',
  ]) {
    delete env[name]
  }
  return { ...env, NODE_ENV: 'production', ...extra }
}

function track(kind: RunningServer['kind'], child: ChildProcess, port: number, dataDirectory?: string): RunningServer {
  if (child.pid === undefined) throw new Error(`could not spawn the ${kind} server`)
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    if (output.length > 64_000) output = output.slice(-32_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const server: RunningServer = {
    kind,
    child,
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    ...(dataDirectory ? { dataDirectory } : {}),
  }
  liveServers.add(server)
  void exited.then(() => liveServers.delete(server))
  return server
}

/**
 * Larder serves the built web client when it finds apps/web/dist (as in production, and its static routes are part of
 * the start-up). BENCH_WEB=off benches the API alone: WEB_DIST_DIR then points at an empty directory.
 */
export const servesWebClient = process.env.BENCH_WEB !== 'off'
let emptyWebDirectory: string | undefined

function webEnvironment(): Record<string, string> {
  if (servesWebClient) return {}
  emptyWebDirectory ??= makeDataDirectory('no-web')
  return { WEB_DIST_DIR: emptyWebDirectory }
}

export interface LarderOptions {
  dataDirectory: string
  port: number
  logLevel?: 'silent' | 'warn' | 'info'
  /** More environment, e.g. DATABASE_URL for an external PostgreSQL. */
  env?: Record<string, string>
}

/** Spawns the built API exactly as `pnpm start` does, on 127.0.0.1, with the embedded PostgreSQL in `dataDirectory`. */
export function spawnLarder(options: LarderOptions): RunningServer {
  const child = spawn(process.execPath, [larderMain], {
    cwd: repoRoot,
    env: childEnvironment({
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDirectory,
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...webEnvironment(),
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return track('larder', child, options.port, options.dataDirectory)
}

/** Spawns the bare Fastify hello-world, the floor of the start-up and throughput benches. */
export function spawnHello(port: number): RunningServer {
  const child = spawn(process.execPath, [helloServer], {
    cwd: repoRoot,
    env: childEnvironment({ PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return track('hello', child, port)
}

/**
 * Spawns a floor server written in TypeScript (`src/servers/<name>.ts`, run through tsx), e.g. the recipes floor that
 * runs the API's repo functions on a bare Fastify.
 */
export function spawnFloor(script: string, port: number, env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: benchRoot, // where `tsx` resolves
    env: childEnvironment({ PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return track('floor', child, port)
}

/** One GET over a fresh connection; resolves with the status, or rejects on a connection error. */
export function getOnce(url: string, timeoutMs = 2_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      response.on('error', reject)
    })
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', reject)
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `path` every 10 ms until it answers 200, and returns the milliseconds since `startedAt`
 * (a `performance.now()` taken just before the spawn).
 */
export async function waitForAnswer(
  server: RunningServer,
  urlPath: string,
  startedAt: number,
  limitMs = 60_000,
): Promise<number> {
  const url = `${server.baseUrl}${urlPath}`
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the ${server.kind} server exited (${server.child.exitCode ?? server.child.signalCode}) before answering:\n${server.output()}`,
      )
    }
    try {
      const { status } = await getOnce(url)
      if (status === 200) return performance.now() - startedAt
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > limitMs) {
      throw new Error(`the ${server.kind} server did not answer ${urlPath} within ${limitMs} ms:\n${server.output()}`)
    }
    await pause(10)
  }
}

export interface TimedStart {
  server: RunningServer
  /** Wall time from spawn to the first 200. */
  ms: number
  /** CPU time (user + system) the Node process had used by then: unlike wall time, barely affected by other load. */
  cpuMs: number
}

function cpuMsOf(pid: number): number {
  return ((readProcess(pid)?.cpuTicks ?? Number.NaN) * 1000) / clockTicksPerSecond
}

/** Spawns Larder and measures spawn → first 200 from GET /api/app/about. */
export async function startLarderTimed(options: LarderOptions): Promise<TimedStart> {
  const startedAt = performance.now()
  const server = spawnLarder(options)
  try {
    const ms = await waitForAnswer(server, '/api/app/about', startedAt)
    return { server, ms, cpuMs: cpuMsOf(server.pid) }
  } catch (error) {
    await stopServer(server)
    throw error
  }
}

export async function startHelloTimed(port: number): Promise<TimedStart> {
  const startedAt = performance.now()
  const server = spawnHello(port)
  try {
    const ms = await waitForAnswer(server, '/', startedAt)
    return { server, ms, cpuMs: cpuMsOf(server.pid) }
  } catch (error) {
    await stopServer(server)
    throw error
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}

/** The PostgreSQL postmaster recorded in DATA_DIR/postgres/postmaster.pid, if that process still runs. */
function runningPostmaster(dataDirectory: string | undefined): ProcessInfo | null {
  if (!dataDirectory) return null
  try {
    const pid = Number(readFileSync(path.join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    return Number.isInteger(pid) && pid > 0 ? readProcess(pid) : null
  } catch {
    return null
  }
}

/**
 * SIGTERM (Larder drains and stops PostgreSQL), wait for the exit, SIGKILL after `graceMs`; then make sure no process
 * that was below it (PostgreSQL and its backends) survives. Returns how long the graceful stop took.
 */
export async function stopServer(server: RunningServer, graceMs = 25_000): Promise<number> {
  const startedAt = performance.now()
  const below = descendantsOf(server.pid)
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM')
    const timedOut = await Promise.race([server.exited.then(() => false), pause(graceMs).then(() => true)])
    if (timedOut) {
      console.warn(`  ! the ${server.kind} server did not stop within ${graceMs} ms of SIGTERM: SIGKILL`)
      server.child.kill('SIGKILL')
      await server.exited
    }
  }
  const stoppedMs = performance.now() - startedAt
  const postmaster = runningPostmaster(server.dataDirectory)
  const leftBehind = [...below, ...(postmaster ? [postmaster] : [])].filter((info) => isAlive(info))
  if (leftBehind.length > 0) {
    console.warn(
      `  ! ${leftBehind.length} process(es) outlived the ${server.kind} server: ${leftBehind.map((p) => `${p.comm}[${p.pid}]`).join(', ')}; SIGKILL`,
    )
    for (const info of leftBehind) killQuietly(info.pid, 'SIGKILL')
    await pause(200)
  }
  liveServers.delete(server)
  return stoppedMs
}

/** The embedded cluster's connection: port from postmaster.pid (line 4), password from DATA_DIR/postgres-password. */
export function embeddedDatabaseUrl(dataDirectory: string): string {
  const pidFile = readFileSync(path.join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  const port = Number(pidFile[3])
  const password = readFileSync(path.join(dataDirectory, 'postgres-password'), 'utf8').trim()
  return `postgres://larder:${encodeURIComponent(password)}@127.0.0.1:${port}/larder`
}

/** Stops whatever is still running and removes the temp directories; used at the end and on interruption. */
export async function cleanUpEverything(): Promise<void> {
  await Promise.all([...liveServers].map((server) => stopServer(server, 10_000).catch(() => {})))
  for (const directory of [...temporaryDirectories]) removeDataDirectory(directory)
  emptyWebDirectory = undefined
}

let handlersInstalled = false

/** On Ctrl-C, a kill or a hang past `limitMs`: stop the servers, remove the data, exit non-zero. */
export function installCleanupHandlers(limitMs: number): void {
  if (handlersInstalled) return
  handlersInstalled = true
  const bail = (reason: string) => {
    console.error(`\nbench interrupted (${reason}): stopping servers and removing temp data`)
    void cleanUpEverything().finally(() => process.exit(130))
  }
  process.once('SIGINT', () => bail('SIGINT'))
  process.once('SIGTERM', () => bail('SIGTERM'))
  const watchdog = setTimeout(() => bail(`exceeded ${Math.round(limitMs / 1000)} s`), limitMs)
  watchdog.unref()
}

/** Says whether the figures include serving the web client. */
export function webClientNote(): string {
  if (!servesWebClient) return 'BENCH_WEB=off: API only (WEB_DIST_DIR pointed at an empty directory)'
  return existsSync(webDist)
    ? 'web client built: Larder serves it (its static routes are part of start-up); BENCH_WEB=off benches the API alone'
    : 'web client not built: Larder serves the API only (run `pnpm build` for the full start-up)'
}
