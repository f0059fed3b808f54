import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

const slapdCandidates = ['/usr/sbin/slapd', '/usr/local/sbin/slapd', '/usr/local/libexec/slapd']
const schemaDirectory = '/etc/ldap/schema'
const moduleDirectories = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/aarch64-linux-gnu/ldap']

export interface TestLdapServer {
  url: string
  baseDn: string
  adminDn: string
  adminPassword: string
  /** Adds entries, given as LDIF, with `ldapadd` bound as the directory's administrator. */
  add(ldif: string): Promise<void>
  /** Changes entries, given as LDIF change records, with `ldapmodify`. */
  modify(ldif: string): Promise<void>
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with code ${child.exitCode}:\n${output()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`slapd did not listen on 127.0.0.1:${port} within 15 s:\n${output()}`)
}

/**
 * Starts a real OpenLDAP server (Debian's `slapd`) of the test's own on 127.0.0.1 at a free port, with a temporary
 * configuration and database, the core/cosine/inetOrgPerson schemas and an empty `dc=larder,dc=test` tree. It never
 * touches a system slapd. Fails loudly when slapd is missing: LDAP sign-in must not go untested by accident.
 */
export async function startLdapServer(): Promise<TestLdapServer> {
  const slapd = slapdCandidates.find((candidate) => existsSync(candidate))
  const moduleDirectory = moduleDirectories.find((candidate) => existsSync(path.join(candidate, 'back_mdb.so')))
  if (!slapd || !moduleDirectory || !existsSync(path.join(schemaDirectory, 'inetorgperson.schema'))) {
    throw new Error(
      'The LDAP tests need OpenLDAP: slapd (with the mdb backend and the schemas in /etc/ldap/schema) and the ' +
        'ldap-utils tools. Install them with: apt-get install -y slapd ldap-utils (.ci/run does this).',
    )
  }

  const directory = await mkdtemp(path.join(tmpdir(), 'larder-slapd-'))
  await mkdir(path.join(directory, 'data'))
  const baseDn = 'dc=larder,dc=test'
  const adminDn = `cn=admin,${baseDn}`
  const adminPassword = 'directory-admin-secret'
  const configFile = path.join(directory, 'slapd.conf')
  await writeFile(
    configFile,
    [
      `include ${schemaDirectory}/core.schema`,
      `include ${schemaDirectory}/cosine.schema`,
      `include ${schemaDirectory}/inetorgperson.schema`,
      `pidfile ${path.join(directory, 'slapd.pid')}`,
      `modulepath ${moduleDirectory}`,
      'moduleload back_mdb',
      'database mdb',
      `suffix "${baseDn}"`,
      `rootdn "${adminDn}"`,
      `rootpw ${adminPassword}`,
      `directory ${path.join(directory, 'data')}`,
      'maxsize 10485760',
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  )

  const port = await freePort()
  const url = `ldap://127.0.0.1:${port}`
  // -d keeps slapd in the foreground as our child, so stopping it is killing this one process.
  const child = spawn(slapd, ['-f', configFile, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await rm(directory, { recursive: true, force: true })
  }

  const ldapTool = async (tool: 'ldapadd' | 'ldapmodify', ldif: string) => {
    const file = path.join(directory, `change-${Date.now()}-${Math.random().toString(36).slice(2)}.ldif`)
    await writeFile(file, ldif)
    await run(tool, ['-x', '-H', url, '-D', adminDn, '-w', adminPassword, '-f', file])
  }

  try {
    await waitForPort(port, child, () => output)
    await ldapTool(
      'ldapadd',
      [
        `dn: ${baseDn}`,
        'objectClass: dcObject',
        'objectClass: organization',
        'o: Larder tests',
        'dc: larder',
        '',
        `dn: ou=people,${baseDn}`,
        'objectClass: organizationalUnit',
        'ou: people',
        '',
      ].join('\n'),
    )
  } catch (error) {
    await stop()
    throw error
  }

  return {
    url,
    baseDn,
    adminDn,
    adminPassword,
    add: (ldif) => ldapTool('ldapadd', ldif),
    modify: (ldif) => ldapTool('ldapmodify', ldif),
    stop,
  }
}
