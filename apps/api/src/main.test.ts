import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freeLoopbackPort } from '../test/loopback-port.js'

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url))
const started: ChildProcess[] = []

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function postmasterPid(dataDirectory: string): Promise<number> {
  const text = await fs.readFile(path.join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8')
  return Number(text.split('\n')[0])
}

/** `pnpm start` as a real process on its own port, with logs collected; resolves `ready` when it listens. */
function startLarder(dataDirectory: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    // Only what a shell would pass: vitest's own environment holds Vite's BASE_URL ('/') and the test settings.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDirectory,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.includes('Larder is ready')) resolve()
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    void exited.then((code) => reject(new Error(`Larder exited with ${code} before it was ready:\n${output}`)))
  })
  ready.catch(() => {})
  return { child, ready, exited, output: () => output }
}

async function within<T>(work: Promise<T>, milliseconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${milliseconds} ms`)), milliseconds)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function readiness(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/app/health/ready`)
  return { status: response.status, body: await response.json() }
}

function killLeftovers() {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
afterAll(killLeftovers)

describe('one Larder per DATA_DIR', () => {
  it('refuses a second instance on the same DATA_DIR, touching nothing; a crash of the first frees it', async () => {
    const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-single-instance-'))
    await fs.chmod(dataDirectory, 0o755)
    try {
      const first = startLarder(dataDirectory, await freeLoopbackPort())
      const firstPort = Number(
        /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec((await first.ready, first.output()))?.[1],
      )
      expect(first.output(), 'BASE_URL follows PORT when unset').toContain(`ready on http://localhost:${firstPort}`)
      const databasePid = await postmasterPid(dataDirectory)

      const second = startLarder(dataDirectory, await freeLoopbackPort())
      expect(await within(second.exited, 60_000, 'the second instance should stop')).toBe(1)
      expect(second.output()).toContain(`is in use by another Larder (pid ${first.child.pid}`)
      expect(second.output()).not.toContain('orphaned')
      expect(await postmasterPid(dataDirectory)).toBe(databasePid)
      expect(isAlive(databasePid)).toBe(true)
      expect(await readiness(firstPort)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', migrations: 'current' },
      })

      // kill -9 leaves the lock file and the database behind; the next start takes both over.
      first.child.kill('SIGKILL')
      await first.exited
      const third = startLarder(dataDirectory, firstPort)
      await third.ready
      expect(isAlive(databasePid)).toBe(false)
      expect((await readiness(firstPort)).status).toBe(200)
      third.child.kill('SIGTERM')
      expect(await third.exited).toBe(0)
      await expect(fs.access(path.join(dataDirectory, 'larder.lock'))).rejects.toThrow()
    } finally {
      killLeftovers()
      const orphan = await postmasterPid(dataDirectory).catch(() => 0)
      if (orphan && isAlive(orphan)) process.kill(orphan, 'SIGKILL')
      await fs.rm(dataDirectory, { recursive: true, force: true })
    }
  }, 180_000)
})
