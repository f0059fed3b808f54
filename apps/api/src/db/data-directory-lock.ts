import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * One Larder process owns a DATA_DIR while it runs the embedded PostgreSQL there: a second one would take the live
 * server for an orphan and stop it. Node has no flock(), and the packages that wrap it need native builds, so the
 * lock is a file naming its owner by pid, the pid's start time and the boot: the owner's death (even by kill -9)
 * frees it, because a later starter finds that process gone, or the pid reused by another process, and takes over.
 */
export interface DataDirectoryLock {
  file: string
  release(): Promise<void>
}

export class DataDirectoryInUseError extends Error {}

interface Owner {
  pid: number
  /** Clock ticks after boot at which the pid started (/proc/<pid>/stat field 22); null without /proc. */
  startTime: string | null
  bootId: string | null
  hostname: string
  since: string
}

const lockFileName = 'larder.lock'
/** Locks this process holds, so that it refuses itself too, and tells its own stale lock from a live one. */
const heldHere = new Set<string>()

async function readText(file: string): Promise<string | null> {
  return fs.readFile(file, 'utf8').catch(() => null)
}

async function startTimeOf(pid: number): Promise<string | null> {
  const stat = await readText(`/proc/${pid}/stat`)
  if (!stat) return null
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
  const fieldsAfterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fieldsAfterName[19] ?? null
}

async function bootId(): Promise<string | null> {
  return (await readText('/proc/sys/kernel/random/boot_id'))?.trim() ?? null
}

function parseOwner(text: string | null): Owner | null {
  if (!text) return null
  try {
    const owner = JSON.parse(text) as Partial<Owner>
    return typeof owner.pid === 'number' && Number.isInteger(owner.pid) && owner.pid > 0 ? (owner as Owner) : null
  } catch {
    return null
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // alive, but another user's
  }
}

async function ownerIsAlive(owner: Owner, file: string): Promise<boolean> {
  if (owner.pid === process.pid) return heldHere.has(file)
  if (!processExists(owner.pid)) return false
  if (owner.bootId && owner.bootId !== (await bootId())) return false
  if (owner.startTime) {
    const current = await startTimeOf(owner.pid)
    if (current !== null && current !== owner.startTime) return false // the pid now belongs to another process
  }
  return true
}

/** Takes the lock on `directory` (created when missing), or throws DataDirectoryInUseError naming the owner. */
export async function lockDataDirectory(directory: string): Promise<DataDirectoryLock> {
  await fs.mkdir(directory, { recursive: true })
  const file = path.join(path.resolve(directory), lockFileName)
  const me: Owner = {
    pid: process.pid,
    startTime: await startTimeOf(process.pid),
    bootId: await bootId(),
    hostname: os.hostname(),
    since: new Date().toISOString(),
  }
  const content = JSON.stringify(me)
  // Written whole to a private file, then linked into place: link() fails when the lock exists, and a reader never
  // sees a half-written lock.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await fs.writeFile(draft, content, { mode: 0o644 })
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await fs.link(draft, file)
        heldHere.add(file)
        return { file, release: () => release(file, content) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const existingText = await readText(file)
      const existing = parseOwner(existingText)
      if (existing && (await ownerIsAlive(existing, file))) {
        throw new DataDirectoryInUseError(
          `${directory} is in use by another Larder (pid ${existing.pid} on ${existing.hostname}, since ` +
            `${existing.since}). Stop that one first, or give this one its own DATA_DIR.`,
        )
      }
      await removeStaleLock(file, existingText)
    }
    throw new DataDirectoryInUseError(`${directory}: could not take ${file}; other instances keep starting`)
  } finally {
    await fs.rm(draft, { force: true })
  }
}

/**
 * Moves the stale lock aside with one rename, so two starters cannot both delete it and both create a new one. If
 * what was moved is not the stale lock that was judged (another starter took over in between), it goes back.
 */
async function removeStaleLock(file: string, staleText: string | null) {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    await fs.rename(file, aside)
  } catch {
    return // gone already: try again
  }
  if ((await readText(aside)) !== staleText) await fs.link(aside, file).catch(() => {})
  await fs.rm(aside, { force: true })
}

async function release(file: string, content: string) {
  if (!heldHere.delete(file)) return
  if ((await readText(file)) === content) await fs.rm(file, { force: true })
}
