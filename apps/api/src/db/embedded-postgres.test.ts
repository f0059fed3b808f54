import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from './embedded-postgres.js'
import { freeLoopbackPort } from '../../test/loopback-port.js'

async function scratchDirectory() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-embedded-test-'))
  await fs.chmod(directory, 0o755)
  afterAll(() => fs.rm(directory, { recursive: true, force: true }))
  return directory
}

async function postmasterPid(dataDirectory: string): Promise<number> {
  return Number((await fs.readFile(path.join(dataDirectory, 'postmaster.pid'), 'utf8')).split('\n')[0])
}

async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

describe('embedded PostgreSQL', () => {
  it('initialises once, keeps its data and password across restarts, and listens on loopback only', async () => {
    const directory = await scratchDirectory()
    const options = {
      dataDirectory: path.join(directory, 'postgres'),
      passwordFile: path.join(directory, 'postgres-password'),
      log: () => {},
    }
    const first = await startEmbeddedPostgres(options)
    const firstClient = postgres(first.url, { max: 1, onnotice: () => {} })
    await firstClient`create table kept (value text)`
    await firstClient`insert into kept values ('still here')`
    const [listen] = await firstClient`show listen_addresses`
    expect(listen?.listen_addresses).toBe('127.0.0.1')
    await firstClient.end()
    await first.stop()
    await expect(fs.access(path.join(options.dataDirectory, 'postmaster.pid'))).rejects.toThrow()

    const second = await startEmbeddedPostgres(options)
    const secondClient = postgres(second.url, { max: 1, onnotice: () => {} })
    expect(await secondClient`select value from kept`).toEqual([{ value: 'still here' }])
    await secondClient.end()
    await second.stop()
    expect((await fs.stat(options.passwordFile)).mode & 0o777).toBe(0o600)
  })

  it('starts on another port when the one it found free is taken before PostgreSQL listens on it', async () => {
    const directory = await scratchDirectory()
    // Another process binds the port between the check and the start: here, this test holds it all along.
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const taken = (holder.address() as net.AddressInfo).port
    const offered: number[] = []
    const logged: string[] = []
    const server = await startEmbeddedPostgres({
      dataDirectory: path.join(directory, 'postgres'),
      passwordFile: path.join(directory, 'postgres-password'),
      log: (message) => logged.push(message),
      choosePort: async () => {
        const port = offered.length === 0 ? taken : 0
        offered.push(port)
        return port === 0 ? freeLoopbackPort() : port
      },
    })
    try {
      expect(offered[0]).toBe(taken)
      expect(server.port).not.toBe(taken)
      expect(logged.join('\n')).toContain(`port ${taken} was taken`)
      const client = postgres(server.url, { max: 1, onnotice: () => {} })
      expect(await client`select 1 as one`).toEqual([{ one: 1 }])
      await client.end()
    } finally {
      await server.stop()
      holder.close()
    }
  })

  it('starts the server again after it crashes, on the same port', async () => {
    const directory = await scratchDirectory()
    const server = await startEmbeddedPostgres({
      dataDirectory: path.join(directory, 'postgres'),
      passwordFile: path.join(directory, 'postgres-password'),
      log: () => {},
    })
    const client = postgres(server.url, { max: 1, onnotice: () => {} })
    try {
      const crashed = await postmasterPid(path.join(directory, 'postgres'))
      process.kill(crashed, 'SIGKILL')
      const [row] = await eventually(() => client`select 1 as answer`)
      expect(row?.answer).toBe(1)
      expect(await postmasterPid(path.join(directory, 'postgres'))).not.toBe(crashed)
    } finally {
      await client.end()
      await server.stop()
    }
  })

  it('takes over a data directory whose server outlived the process that started it', async () => {
    const directory = await scratchDirectory()
    const options = {
      dataDirectory: path.join(directory, 'postgres'),
      passwordFile: path.join(directory, 'postgres-password'),
    }
    // A separate Node process starts the server and is then killed outright, leaving its PostgreSQL behind.
    const moduleUrl = new URL('./embedded-postgres.ts', import.meta.url).href
    const script = `import { startEmbeddedPostgres } from ${JSON.stringify(moduleUrl)}
await startEmbeddedPostgres({ ...${JSON.stringify(options)}, log: () => {} })
console.log('ready')
setInterval(() => {}, 1000)`
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
      parent.once('exit', (code) => reject(new Error(`the parent exited early (${code})`)))
    })
    const orphanPid = await postmasterPid(options.dataDirectory)
    parent.kill('SIGKILL')

    const replacement = await startEmbeddedPostgres({ ...options, log: () => {} })
    expect(spawnSync('kill', ['-0', String(orphanPid)]).status).not.toBe(0)
    const client = postgres(replacement.url, { max: 1, onnotice: () => {} })
    expect(await client`select 1 as answer`).toEqual([{ answer: 1 }])
    await client.end()
    await replacement.stop()
  })

  it('earns its restart budget back after a healthy period, and reports when the budget is spent', async () => {
    const directory = await scratchDirectory()
    const dataDirectory = path.join(directory, 'postgres')
    const givenUp: string[] = []
    const server = await startEmbeddedPostgres({
      dataDirectory,
      passwordFile: path.join(directory, 'postgres-password'),
      log: () => {},
      onGiveUp: (reason) => givenUp.push(reason),
      restartBudget: { restarts: 1, windowMs: 3_000 },
    })
    const client = postgres(server.url, { max: 1, onnotice: () => {} })
    const crashAndWaitForRestart = async () => {
      const crashed = await postmasterPid(dataDirectory)
      process.kill(crashed, 'SIGKILL')
      await eventually(async () => {
        if ((await postmasterPid(dataDirectory)) === crashed) throw new Error('not restarted yet')
        await client`select 1`
      })
    }
    try {
      await crashAndWaitForRestart()
      await new Promise((resolve) => setTimeout(resolve, 3_100)) // a healthy period longer than the window
      await crashAndWaitForRestart()
      expect(givenUp).toEqual([])

      process.kill(await postmasterPid(dataDirectory), 'SIGKILL') // a second crash within the window
      await eventually(() => (givenUp.length > 0 ? Promise.resolve() : Promise.reject(new Error('still supervising'))))
      expect(givenUp[0]).toMatch(/exited .* 2 times within 3 s; giving up/)
    } finally {
      await client.end({ timeout: 1 })
      await server.stop()
    }
  }, 60_000)
})
