import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createSecondInstance } from '../../../test/test-app.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'
import { backupWorld, call, createBackup, recipeWithPicture, snapshot } from '../../../test/backup-world.js'

const childScript = fileURLToPath(new URL('../../../test/workers/backup-child.ts', import.meta.url))

/**
 * Runs a backup or a restore in a child process that stops at `pauseAt` and is killed there (SIGKILL: no clean-up
 * code runs), as a power cut or an OOM kill would end Larder.
 */
async function killedAt(
  world: Awaited<ReturnType<typeof backupWorld>>,
  mode: 'backup' | 'restore',
  pauseAt: string,
  file = '',
): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: world.testApp.databaseUrl,
      DATA_DIR: world.dataDirectory,
      MODE: mode,
      FILE: file,
      PAUSE_AT: pauseAt,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never paused at ${pauseAt}:\n${output}`)), 30_000)
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.includes(`paused at ${pauseAt}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    void exited.then(() => reject(new Error(`the child ended before ${pauseAt}:\n${output}`)))
  })
  child.kill('SIGKILL')
  await exited
}

const leftovers = async (dataDirectory: string) =>
  (await fs.readdir(dataDirectory)).filter((entry) => entry.startsWith('.restore')).sort()

/** The next start of Larder on the same database and DATA_DIR: its start-up resolves what the killed one left. */
async function nextStart(world: Awaited<ReturnType<typeof backupWorld>>) {
  const { app } = await createSecondInstance(world.testApp)
  await app.ready()
}

describe('a process killed during a backup or a restore', () => {
  it('killed while writing a backup: no backup is listed, and the next start removes the partial file', async () => {
    const world = await backupWorld()
    await recipeWithPicture(world, 'Bread')
    await killedAt(world, 'backup', 'database-written')

    const inFolder = await fs.readdir(path.join(world.dataDirectory, 'backups'))
    expect(inFolder.some((name) => name.endsWith('.partial'))).toBe(true)
    expect((await call(world, 'GET', '/api/admin/backups')).json().imports).toEqual([])

    await nextStart(world)
    expect(await fs.readdir(path.join(world.dataDirectory, 'backups'))).toEqual([])
  })

  it('killed before the restore commits: the previous data and media are intact, the next start is clean', async () => {
    const world = await backupWorld()
    const first = await recipeWithPicture(world, 'Before the backup')
    const name = await createBackup(world)
    await recipeWithPicture(world, 'After the backup')
    const before = await snapshot(world)

    await killedAt(world, 'restore', 'before-commit', name)
    // The child had staged the archive's media and written its journal; the transaction died with it.
    expect(await leftovers(world.dataDirectory)).toEqual([
      expect.stringMatching(/^\.restore-[0-9a-f-]{36}$/),
      '.restore-journal.json',
    ])
    expect(await snapshot(world).then((now) => now.counts)).toEqual(before.counts)

    await nextStart(world)
    expect(await leftovers(world.dataDirectory)).toEqual([])
    expect(await snapshot(world)).toEqual(before)
    await fs.access(path.join(recipeImagesDirectory(world.dataDirectory, first.id), 'original.webp'))
  })

  it('killed while the media are staged, before the journal: the next start removes the staging folder', async () => {
    const world = await backupWorld()
    await recipeWithPicture(world, 'Before the backup')
    const name = await createBackup(world)
    await world.testApp.make.recipe({ name: 'After the backup', owner: world.cook })
    const before = await snapshot(world)

    await killedAt(world, 'restore', 'media-staged', name)
    await nextStart(world)
    expect(await leftovers(world.dataDirectory)).toEqual([])
    expect(await snapshot(world)).toEqual(before)
  })

  it('killed after the restore committed: the next start finishes swapping the media in', async () => {
    const world = await backupWorld()
    const kept = await recipeWithPicture(world, 'Before the backup')
    const name = await createBackup(world)
    const later = await recipeWithPicture(world, 'After the backup')

    await killedAt(world, 'restore', 'committed', name)
    // The database is the backup's; the media are still the old ones until the next start.
    const names = await world.testApp.sql<{ name: string }[]>`select name from recipes`
    expect(names.map((row) => row.name)).toEqual(['Before the backup'])

    await nextStart(world)
    expect(await leftovers(world.dataDirectory)).toEqual([])
    await fs.access(path.join(recipeImagesDirectory(world.dataDirectory, kept.id), 'original.webp'))
    await expect(fs.access(recipeImagesDirectory(world.dataDirectory, later.id))).rejects.toThrow()
  })
})
