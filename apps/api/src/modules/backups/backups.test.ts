import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { multipartForm, renamedInZip, unzip, zipOf } from '../../../test/media-helpers.js'
import { overlappingZipBomb } from '../../../test/zip-bomb.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'
import { createFileTokens } from '../../lib/file-tokens.js'
import { createJobRunner } from '../../jobs/job-runner.js'
import { createBackupsModule } from './index.js'
import { currentSchemaVersion } from './schema-version.js'
import {
  backupWorld,
  call,
  createBackup,
  recipeWithPicture,
  snapshot,
  type BackupWorld as World,
} from '../../../test/backup-world.js'

async function upload(world: World, fileName: string, content: Buffer) {
  const form = multipartForm([{ name: 'archive', fileName, content, contentType: 'application/zip' }])
  return call(world, 'POST', '/api/admin/backups/upload', form)
}

describe('/api/admin/backups: create, list, download, restore', () => {
  it('restores a backup whole: a recipe and its picture come back, what changed after the backup is gone', async () => {
    const world = await backupWorld()
    const kept = await recipeWithPicture(world, 'Lentil soup')
    const picture = await fs.readFile(path.join(recipeImagesDirectory(world.dataDirectory, kept.id), 'original.webp'))

    const name = await createBackup(world)
    expect(name).toMatch(/^larder_\d{4}\.\d{2}\.\d{2}\.\d{2}\.\d{2}\.\d{2}\.zip$/)
    const list = (await call(world, 'GET', '/api/admin/backups')).json()
    expect(list).toEqual({
      imports: [{ name, date: expect.any(String), size: expect.stringMatching(/ (bytes|KB|MB)$/) }],
      templates: expect.any(Array),
    })

    // Downloaded by a token, as Mealie's client does: the archive holds database.json and the picture under data/.
    const { fileToken } = (await call(world, 'GET', `/api/admin/backups/${name}`)).json<{ fileToken: string }>()
    const download = await world.testApp.app.inject({ method: 'GET', url: `/api/utils/download?token=${fileToken}` })
    expect(download.statusCode).toBe(200)
    const entries = await unzip(download.rawPayload)
    const dump = JSON.parse(entries.get('database.json')!.toString('utf8'))
    expect(dump).toMatchObject({ format: 'larder', schemaVersion: currentSchemaVersion() })
    expect(dump.tables.recipes.map((row: { name: string }) => row.name)).toContain('Lentil soup')
    expect(dump.tables).not.toHaveProperty('background_jobs')
    expect(entries.get(`data/recipes/${kept.id}/images/original.webp`)).toEqual(picture)

    // After the backup: the recipe is deleted, another is made, a newcomer signs up, a stray file appears.
    expect(
      (
        await world.testApp.app.inject({
          method: 'DELETE',
          url: `/api/recipes/${kept.slug}`,
          headers: { authorization: world.cookAuth },
        })
      ).statusCode,
    ).toBe(200)
    await world.testApp.make.recipe({ name: 'Made after the backup', owner: world.cook })
    const newcomer = await world.testApp.make.user({ householdId: world.admin.householdId })
    const newcomerAuth = (await world.testApp.signIn(newcomer.email, newcomer.password)).authorization
    await fs.writeFile(path.join(world.dataDirectory, 'media', 'stray.txt'), 'after')

    const restored = await call(world, 'POST', `/api/admin/backups/${name}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    const report = restored.json()
    expect(report).toMatchObject({ message: 'Restore successful', error: false })
    expect(report.tables.recipes).toEqual({ restored: dump.tables.recipes.length, skipped: 0, reasons: [] })
    expect(report.media.restored).toBeGreaterThanOrEqual(3)

    const recipes = await world.testApp.sql<{ name: string }[]>`select name from recipes order by name`
    expect(recipes.map((row) => row.name)).toContain('Lentil soup')
    expect(recipes.map((row) => row.name)).not.toContain('Made after the backup')
    expect(await fs.readFile(path.join(recipeImagesDirectory(world.dataDirectory, kept.id), 'original.webp'))).toEqual(
      picture,
    )
    await expect(fs.access(path.join(world.dataDirectory, 'media', 'stray.txt'))).rejects.toThrow()
    // The picture is served again, and the restored users sign in; the newcomer's session no longer opens.
    const media = await world.testApp.app.inject({
      method: 'GET',
      url: `/api/media/recipes/${kept.id}/images/original.webp`,
      headers: { authorization: world.cookAuth },
    })
    expect(media.statusCode).toBe(200)
    await world.testApp.signIn(world.cook.email, world.cook.password)
    const stale = await world.testApp.app.inject({
      method: 'GET',
      url: '/api/users/self',
      headers: { authorization: newcomerAuth },
    })
    expect(stale.statusCode).toBe(401)
    // Nothing of the restore's own is left in DATA_DIR, and a later insert does not collide with a restored id.
    expect((await fs.readdir(world.dataDirectory)).filter((entry) => entry.startsWith('.restore'))).toEqual([])
    await world.testApp.make.recipe({ name: 'Made after the restore', owner: world.cook })
  })

  it('verifies a backup: the same report, and nothing changed', async () => {
    const world = await backupWorld()
    await recipeWithPicture(world, 'Flatbread')
    const name = await createBackup(world)
    await world.testApp.make.recipe({ name: 'Made after the backup', owner: world.cook })
    const before = await snapshot(world)

    const verified = await call(world, 'POST', `/api/admin/backups/${name}/verify`)
    expect(verified.statusCode, verified.body).toBe(200)
    expect(verified.json().tables.recipes).toEqual({ restored: 1, skipped: 0, reasons: [] })
    expect(await snapshot(world)).toEqual(before)
  })

  it('uploads an archive under its own name and deletes it; names that climb out are refused', async () => {
    const world = await backupWorld()
    const name = await createBackup(world)
    const { fileToken } = (await call(world, 'GET', `/api/admin/backups/${name}`)).json<{ fileToken: string }>()
    const bytes = (await world.testApp.app.inject({ method: 'GET', url: `/api/utils/download?token=${fileToken}` }))
      .rawPayload

    const uploaded = await upload(world, 'from-old-server.zip', bytes)
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    expect((await upload(world, 'notes.txt', bytes)).statusCode).toBe(400)
    expect((await upload(world, 'page.zip', Buffer.from('<html></html>'))).statusCode).toBe(415)
    const names = (await call(world, 'GET', '/api/admin/backups')).json<{ imports: { name: string }[] }>().imports
    expect(names.map((entry) => entry.name).sort()).toEqual(['from-old-server.zip', name].sort())

    expect((await call(world, 'GET', '/api/admin/backups/..%2F.secret')).statusCode).toBe(400)
    expect((await call(world, 'DELETE', '/api/admin/backups/missing.zip')).statusCode).toBe(404)
    const deleted = await call(world, 'DELETE', '/api/admin/backups/from-old-server.zip')
    expect(deleted.json()).toEqual({ message: 'from-old-server.zip has been deleted.', error: false })
  })

  it('is for administrators only', async () => {
    const world = await backupWorld()
    const answer = await world.testApp.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { authorization: world.cookAuth },
    })
    expect(answer.statusCode).toBe(403)
  })
})

describe('a restore refuses a hostile or broken archive with a 4xx and changes nothing', () => {
  async function refusedWithoutChange(
    world: World,
    fileName: string,
    content: Buffer,
    status: number,
    message?: RegExp,
  ) {
    await fs.mkdir(path.join(world.dataDirectory, 'backups'), { recursive: true })
    await fs.writeFile(path.join(world.dataDirectory, 'backups', fileName), content)
    const before = await snapshot(world)
    for (const action of ['verify', 'restore']) {
      const answer = await call(world, 'POST', `/api/admin/backups/${fileName}/${action}`)
      expect(answer.statusCode, `${action}: ${answer.body}`).toBe(status)
      if (message) expect(answer.json().detail.message ?? answer.json().detail).toMatch(message)
    }
    expect(await snapshot(world)).toEqual(before)
    expect((await fs.readdir(world.dataDirectory)).filter((entry) => entry.startsWith('.restore'))).toEqual([])
  }

  async function validBackup(world: World) {
    const name = await createBackup(world)
    return fs.readFile(path.join(world.dataDirectory, 'backups', name))
  }

  it('a file that is no zip, and a truncated backup', async () => {
    const world = await backupWorld()
    await recipeWithPicture(world, 'Stew')
    const whole = await validBackup(world)
    await refusedWithoutChange(world, 'not-a-zip.zip', Buffer.from('hello, I am text'), 415)
    await refusedWithoutChange(world, 'truncated.zip', whole.subarray(0, Math.floor(whole.length / 2)), 400)
  })

  it('an entry that climbs out of the archive', async () => {
    const world = await backupWorld()
    const dump = JSON.stringify({
      format: 'larder',
      larderVersion: 'x',
      schemaVersion: currentSchemaVersion(),
      tables: {},
    })
    const zip = await zipOf([
      ['database.json', dump],
      ['data/xx/evil.txt', 'pwned'],
    ])
    await refusedWithoutChange(
      world,
      'traversal.zip',
      renamedInZip(zip, 'data/xx/evil.txt', '../../../evi.txt'),
      400,
      /outside/,
    )
  })

  it('a backup from a newer Larder, with a message that says so', async () => {
    const world = await backupWorld()
    const dump = JSON.stringify({
      format: 'larder',
      larderVersion: '9.0.0',
      schemaVersion: '9999_from_the_future',
      tables: {},
    })
    await refusedWithoutChange(
      world,
      'future.zip',
      await zipOf([['database.json', dump]]),
      400,
      /newer Larder.*Upgrade Larder/,
    )
  })

  it('rows that break the schema (a repeated unique name): the whole restore is refused', async () => {
    const world = await backupWorld()
    const whole = await unzip(await validBackup(world))
    const dump = JSON.parse(whole.get('database.json')!.toString('utf8'))
    // Two groups with the same slug: the second one's insert fails inside the transaction.
    const [group] = dump.tables.groups
    dump.tables.groups.push({ ...group, id: '00000000-0000-4000-8000-000000000001' })
    const zip = await zipOf([['database.json', JSON.stringify(dump)]])
    await refusedWithoutChange(world, 'duplicate.zip', zip, 400, /could not be restored, nothing was changed/)
  })

  it('a zip bomb', async () => {
    const world = await backupWorld()
    // The module with small limits: the refusal is the same at any size, without inflating gigabytes.
    const backups = createBackupsModule({
      config: world.testApp.config,
      db: world.testApp.db,
      jobs: createJobRunner({ db: world.testApp.db, log: () => {} }),
      fileTokens: createFileTokens({ sign: () => '', verify: () => null }),
      log: () => {},
      archiveLimits: {
        maxEntries: 1000,
        maxEntryBytes: 8 << 20,
        maxTotalBytes: 32 << 20,
        maxTextBytes: 8 << 20,
        maxDepth: 1,
      },
    })
    await fs.mkdir(path.join(world.dataDirectory, 'backups'), { recursive: true })
    await fs.writeFile(path.join(world.dataDirectory, 'backups', 'bomb.zip'), overlappingZipBomb(20, 4 << 20))
    const before = await snapshot(world)
    await expect(backups.service.restore('bomb.zip')).rejects.toMatchObject({ statusCode: 413 })
    expect(await snapshot(world)).toEqual(before)
  })
})
