import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const repositoryRoot = path.resolve(import.meta.dirname, '../..')

export interface RunningLarder {
  baseUrl: string
  dataDirectory: string
  stop(): Promise<void>
}

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Larder exited with code ${child.exitCode} before answering`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Larder did not answer ${url} within ${timeoutMs} ms`)
}

/**
 * Starts the built app (`pnpm build` first) on the embedded PostgreSQL in a fresh data directory. Pass `port` when
 * something started before Larder must know its address (an identity provider's redirect URI).
 */
export async function startLarder(
  environment: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<RunningLarder> {
  const entry = path.join(repositoryRoot, 'apps/api/dist/main.js')
  await fs.access(entry).catch(() => {
    throw new Error('The app is not built: run `pnpm build` before the end-to-end tests')
  })
  const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-e2e-'))
  await fs.chmod(dataDirectory, 0o755)
  // Serve a snapshot of the web build, so that a rebuild during the run cannot pull assets from under the tests.
  const webDirectory = path.join(dataDirectory, 'web')
  await fs.cp(path.join(repositoryRoot, 'apps/web/dist'), webDirectory, { recursive: true })
  const port = options.port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDirectory,
      DATABASE_URL: '',
      WEB_DIST_DIR: webDirectory,
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1: the per-address limit on sign-in would throttle the suite.
      SECURITY_AUTH_RATE_LIMIT: '0',
      ...environment,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitUntilAnswering(`${baseUrl}/api/app/about`, child, 60_000)
  return {
    baseUrl,
    dataDirectory,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
        await exited
        clearTimeout(timer)
      }
      await fs.rm(dataDirectory, { recursive: true, force: true })
    },
  }
}
