import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { whenDone } from './test-database.js'
import { freeLoopbackPort } from './loopback-port.js'

/** The built server, as `pnpm start` runs it (`node apps/api/dist/main.js`). */
export const builtMainScript = fileURLToPath(new URL('../dist/main.js', import.meta.url))

/** What the suites that can run against either read of an answer: the part of Fastify's inject answer they use. */
export interface SentAnswer {
  statusCode: number
  body: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any -- as inject's answer types it
}

export interface SentRequest {
  method: string
  url: string
  payload?: string | object
  headers?: Record<string, string>
}

/** Sends requests to one app: in process through inject(), or over HTTP to the built server. */
export type RequestTarget = (request: SentRequest) => Promise<SentAnswer>

/**
 * Starts `node dist/main.js` on a free loopback port over `databaseUrl` (an already migrated test database), with
 * the same settings test apps have, and answers requests over HTTP with inject()'s shape. Stopped when the test file
 * ends. So that a test suite can prove the bundle behaves as the sources do (bundling once hid a fault).
 */
export async function startBuiltServer(
  databaseUrl: string,
  environment: Record<string, string> = {},
): Promise<RequestTarget> {
  if (!existsSync(builtMainScript)) throw new Error(`${builtMainScript} is missing: run \`pnpm build\` first`)
  const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-built-'))
  const port = await freeLoopbackPort()
  const child = spawn(process.execPath, [builtMainScript], {
    // Only what a shell would pass: vitest's own environment holds Vite's BASE_URL ('/') and the test settings.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDirectory,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SECURITY_AUTH_RATE_LIMIT: '0',
      SECURITY_EXPLORE_RATE_LIMIT: '0',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => void (output += chunk.toString('utf8'))
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  whenDone(async () => {
    child.kill('SIGTERM')
    await exited
    await fs.rm(dataDirectory, { recursive: true, force: true })
  })

  const base = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the built server exited before it answered:\n${output}`)
    if (waited > 30_000) throw new Error(`the built server did not answer within 30 s:\n${output}`)
    const answer = await fetch(`${base}/api/app/about`).catch(() => undefined)
    if (answer?.ok) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return async ({ method, url, payload, headers = {} }) => {
    const isJson = payload !== undefined && typeof payload !== 'string'
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(isJson ? { 'content-type': 'application/json' } : {}), ...headers },
      body: payload === undefined ? undefined : isJson ? JSON.stringify(payload) : payload,
      signal: AbortSignal.timeout(15_000),
    })
    const body = await response.text()
    return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown }
  }
}
