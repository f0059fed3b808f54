import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirectoryInUseError, lockDataDirectory } from './data-directory-lock.js'

async function scratchDirectory() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-lock-test-'))
  afterAll(() => fs.rm(directory, { recursive: true, force: true }))
  return directory
}

/** A process that is gone: spawned, then waited for. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

describe('the DATA_DIR lock', () => {
  it('is held by one owner at a time and freed by release', async () => {
    const directory = await scratchDirectory()
    const lock = await lockDataDirectory(directory)
    await expect(lockDataDirectory(directory)).rejects.toThrow(DataDirectoryInUseError)
    await expect(lockDataDirectory(directory)).rejects.toThrow(`is in use by another Larder (pid ${process.pid}`)
    await lock.release()
    const again = await lockDataDirectory(directory)
    await again.release()
    expect(await fs.readdir(directory)).toEqual([])
  })

  it('refuses while another live process owns it', async () => {
    const directory = await scratchDirectory()
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    try {
      const stat = await fs.readFile(`/proc/${child.pid}/stat`, 'utf8')
      const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
      const owner = { pid: child.pid, startTime, bootId: null, hostname: 'elsewhere', since: 'earlier' }
      await fs.writeFile(path.join(directory, 'larder.lock'), JSON.stringify(owner))
      await expect(lockDataDirectory(directory)).rejects.toThrow(`pid ${child.pid} on elsewhere`)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('takes over a lock whose owner died, or whose pid now belongs to another process', async () => {
    const directory = await scratchDirectory()
    const file = path.join(directory, 'larder.lock')
    const dead = { pid: await deadPid(), startTime: null, bootId: null, hostname: 'h', since: 'earlier' }
    await fs.writeFile(file, JSON.stringify(dead))
    const first = await lockDataDirectory(directory)
    await first.release()

    const reused = { pid: process.ppid, startTime: '1', bootId: null, hostname: 'h', since: 'earlier' }
    await fs.writeFile(file, JSON.stringify(reused))
    const second = await lockDataDirectory(directory)
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ pid: process.pid })
    await second.release()

    await fs.writeFile(file, 'not a lock')
    const third = await lockDataDirectory(directory)
    await third.release()
  })
})
