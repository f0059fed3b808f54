import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { createTestApp } from '../../../../test/test-app.js'
import { multipartForm } from '../../../../test/media-helpers.js'
import { createTestDatabase } from '../../../../test/test-database.js'
import { users } from '../../../db/schema/index.js'
import { HttpError } from '../../../http/errors.js'
import { SafeArchive } from '../../../lib/safe-zip.js'
import { mealieSecrets } from './secrets.js'
import { createRestoreService, mediaFromArchive } from '../restore.service.js'
import { convertIfMealieBackup, convertMealieBackup } from './index.js'

/** The seven backups of Mealie's own restore tests (four schema revisions, two before households existed). */
const corpusDirectory = path.resolve(import.meta.dirname, '../../../../../../../shared/corpus/mealie-backups')
const secrets = mealieSecrets('test-secret-that-is-long-enough-for-hs256-signing')

const limits = {
  maxEntries: 10_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxTextBytes: 64 * 1024 * 1024,
  maxDepth: 1,
}

async function archiveOf(bytes: Buffer) {
  return SafeArchive.read(bytes, limits)
}

function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name)
  zip.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

async function temporaryDataDirectory() {
  const directory = await mkdtemp(path.join(tmpdir(), 'larder-mealie-restore-'))
  return { directory, [Symbol.asyncDispose]: () => rm(directory, { recursive: true, force: true }) }
}

const corpus = (await readdir(corpusDirectory)).filter((name) => name.endsWith('.zip')).sort()

describe('every backup of the corpus converts and restores whole', () => {
  it('has the seven archives to test', () => {
    expect(corpus).toHaveLength(7)
  })

  it.each(corpus)('%s: every row counted, every skip explained, and the dump restores row for row', async (name) => {
    const bytes = await readFile(path.join(corpusDirectory, name))
    const archive = await archiveOf(bytes)
    const { dump, media, report } = convertMealieBackup(archive, secrets)

    // The archive's own tables, read independently of the converter.
    const database = archive.entries.find((entry) => entry.path.endsWith('database.json'))!
    const tables = JSON.parse(database.text()) as Record<string, unknown[]>
    expect(report.revision).toBe((tables.alembic_version![0] as { version_num: string }).version_num)
    for (const [table, rows] of Object.entries(tables)) {
      const counted = report.tables[table]
      expect(counted, table).toBeDefined()
      expect(counted!.restored + counted!.skipped, table).toBe(rows.length)
      if (counted!.skipped > 0) expect(counted!.reasons.length, table).toBeGreaterThan(0)
    }
    expect(Object.keys(report.tables).sort()).toEqual(Object.keys(tables).sort())
    // Nothing a person made is lost: people, recipes and their parts, plans, lists and organizers all come through.
    const whole = ['groups', 'users', 'recipes', 'recipe_instructions', 'recipes_ingredients', 'group_meal_plans']
    for (const table of [
      ...whole,
      'tags',
      'categories',
      'tools',
      'shopping_lists',
      'shopping_list_items',
      'cookbooks',
    ]) {
      expect(report.tables[table]?.restored ?? 0, table).toBe(tables[table]?.length ?? 0)
    }

    const { db, sql } = await createTestDatabase()
    await using data = await temporaryDataDirectory()
    const restore = createRestoreService({ db, dataDirectory: data.directory, log: () => {} })
    const restored = await restore.restoreDump(dump, mediaFromArchive(archive, media), { archive: name })
    // Larder's own checks (schema, keys, foreign keys) accept every row the conversion made.
    for (const [table, rows] of Object.entries(dump.tables)) {
      expect(restored.tables[table], table).toMatchObject({ restored: rows.length, skipped: 0 })
    }
    const [counts] = await sql<{ recipes: number; users: number }[]>`
      select (select count(*) from recipes)::int as recipes, (select count(*) from users)::int as users`
    expect(counts).toEqual({ recipes: tables.recipes!.length, users: tables.users!.length })
  })
})

describe('archives that are not a Mealie backup Larder can read', () => {
  it('refuses a backup from a newer Mealie with a 400 naming its revision', async () => {
    const archive = await archiveOf(
      await zipOf({ 'database.json': JSON.stringify({ alembic_version: [{ version_num: 'ffffffffffff' }] }) }),
    )
    const refusal = (() => {
      try {
        convertMealieBackup(archive, secrets)
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ statusCode: 400 })
    expect((refusal as Error).message).toMatch(/schema version does not match.*ffffffffffff/)
  })

  it("leaves archives without an alembic revision to the caller (Larder's own backups)", async () => {
    const archive = await archiveOf(await zipOf({ 'database.json': JSON.stringify({ format: 'larder', tables: {} }) }))
    expect(convertIfMealieBackup(archive, secrets)).toBeNull()
  })

  it('refuses a damaged database.json with a 400', async () => {
    const archive = await archiveOf(await zipOf({ 'database.json': '{"alembic_version": [' }))
    expect(() => convertMealieBackup(archive, secrets)).toThrow(/not valid JSON/)
  })
})

/** A Mealie 2.0 backup (households, per-user ratings) built here: what a live Mealie writes today. */
async function mealieTwoBackup(image: Buffer) {
  const ids = {
    group: '11111111-1111-4111-8111-111111111111',
    household: '22222222-2222-4222-8222-222222222222',
    user: '33333333-3333-4333-8333-333333333333',
    recipe: '44444444-4444-4444-8444-444444444444',
  }
  const stamp = { created_at: '2024-10-24T17:27:57.123456', update_at: '2024-10-24T17:27:57.123456' }
  const database = {
    alembic_version: [{ version_num: '3897397b4631' }],
    groups: [{ id: ids.group, name: 'Home', slug: 'home', ...stamp }],
    group_preferences: [{ id: '55555555-5555-4555-8555-555555555555', group_id: ids.group, private_group: false }],
    households: [{ id: ids.household, group_id: ids.group, name: 'Family', slug: 'family', ...stamp }],
    household_preferences: [],
    users: [
      {
        id: ids.user,
        username: 'kim',
        full_name: 'Kim',
        email: 'kim@example.com',
        // The OpenBSD bcrypt test vector: password "U*U". Mealie stores such hashes (Python bcrypt).
        password: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
        auth_method: 'Mealie',
        admin: true,
        group_id: ids.group,
        household_id: ids.household,
        login_attemps: 0,
        ...stamp,
      },
    ],
    recipes: [
      {
        id: ids.recipe,
        group_id: ids.group,
        user_id: ids.user,
        name: 'Onion Soup',
        slug: 'onion-soup',
        image: 'Xk3a',
        date_added: '2024-10-20',
        ...stamp,
      },
    ],
    recipe_settings: [{ id: '66666666-6666-4666-8666-666666666666', recipe_id: ids.recipe, public: false }],
    users_to_recipes: [
      {
        id: '77777777-7777-4777-8777-777777777777',
        user_id: ids.user,
        recipe_id: ids.recipe,
        rating: 4,
        is_favorite: true,
      },
    ],
    server_tasks: [{ id: '88888888-8888-4888-8888-888888888888', group_id: ids.group, name: 'x', ...stamp }],
  }
  const zip = await zipOf({
    'database.json': JSON.stringify(database),
    [`data/recipes/${ids.recipe}/images/original.webp`]: image,
    [`data/recipes/${ids.recipe}/images/min-original.webp`]: image,
    [`data/recipes/${ids.recipe}/images/tiny-original.webp`]: image,
    'data/templates/recipes.md': '# {{ name }}',
  })
  return { zip, ids }
}

describe('a restored Mealie library works in Larder', () => {
  it('signs its users in with their Mealie password, then keeps it as argon2; its recipes show with their image', async () => {
    await using data = await temporaryDataDirectory()
    const testApp = await createTestApp({ DATA_DIR: data.directory })
    const sharp = (await import('sharp')).default
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
      .webp()
      .toBuffer()
    const { zip, ids } = await mealieTwoBackup(image)
    const archive = await archiveOf(zip)
    const converted = convertIfMealieBackup(archive, secrets)!
    expect(converted.report.tables.users).toEqual({ restored: 1, skipped: 0, reasons: [] })
    expect(converted.report.tables.server_tasks).toMatchObject({ restored: 0, skipped: 1 })
    expect(converted.report.tables.server_tasks!.reasons[0]).toMatch(/Larder has no counterpart/)
    // The template has no place in Larder; the recipe's pictures go where Larder serves them.
    expect([...converted.media.values()].sort()).toEqual([
      `media/recipes/${ids.recipe}/images/min-original.webp`,
      `media/recipes/${ids.recipe}/images/original.webp`,
      `media/recipes/${ids.recipe}/images/tiny-original.webp`,
    ])

    const restore = createRestoreService({ db: testApp.db, dataDirectory: data.directory, log: () => {} })
    await restore.restoreDump(converted.dump, mediaFromArchive(archive, converted.media))

    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: 'kim', password: 'U*V' },
    })
    expect(wrong.statusCode).toBe(401)
    const { authorization } = await testApp.signIn('kim@example.com', 'U*U')
    const [stored] = await testApp.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ids.user))
    expect(stored!.hash).toMatch(/^\$argon2id\$/)
    // The argon2 hash the sign-in wrote takes the same password.
    await testApp.signIn('kim', 'U*U')

    const recipe = await testApp.app.inject({ url: '/api/recipes/onion-soup', headers: { authorization } })
    expect(recipe.statusCode).toBe(200)
    expect(recipe.json()).toMatchObject({ id: ids.recipe, name: 'Onion Soup', image: 'Xk3a', rating: 4 })
    const list = await testApp.app.inject({ url: '/api/recipes', headers: { authorization } })
    expect(list.json<{ items: { slug: string }[] }>().items.map((item) => item.slug)).toEqual(['onion-soup'])
    const found = await testApp.app.inject({ url: '/api/recipes?search=onion', headers: { authorization } })
    // Mealie has no search document to restore: the restore has PostgreSQL make it.
    expect(found.json<{ items: { slug: string }[] }>().items.map((item) => item.slug)).toEqual(['onion-soup'])
    const picture = await testApp.app.inject({
      url: `/api/media/recipes/${ids.recipe}/images/original.webp`,
      headers: { authorization },
    })
    expect(picture.statusCode).toBe(200)
    expect(picture.rawPayload.equals(image)).toBe(true)
  })
})

describe('/api/admin/backups with a Mealie archive', () => {
  it('uploads, verifies and restores it through the converter, answering per Mealie table', async () => {
    await using data = await temporaryDataDirectory()
    const testApp = await createTestApp({ DATA_DIR: data.directory })
    const admin = await testApp.make.user({ admin: true })
    const { authorization } = await testApp.signIn(admin.email, admin.password)
    const name = 'backup-version-ba1e4a6cfe99-1.zip'
    const bytes = await readFile(path.join(corpusDirectory, name))
    const form = multipartForm([{ name: 'archive', fileName: name, content: bytes, contentType: 'application/zip' }])
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/backups/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization },
    })
    expect(uploaded.statusCode).toBe(200)

    const verified = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${name}/verify`,
      headers: { authorization },
    })
    expect(verified.statusCode).toBe(200)
    expect(await testApp.db.select().from(users)).toHaveLength(1)

    const restored = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${name}/restore`,
      headers: { authorization },
    })
    expect(restored.statusCode).toBe(200)
    const answer = restored.json<{ tables: Record<string, { restored: number; skipped: number }> }>()
    expect(answer.tables.recipes).toMatchObject({ restored: 218, skipped: 0 })
    expect(answer.tables.shopping_list_item_extras).toMatchObject({ restored: 1028, skipped: 0 })
    expect(answer.tables.long_live_tokens).toMatchObject({ restored: 0, skipped: 8 })
    // The library is Mealie's now: its nine users, not the administrator who restored it.
    expect(await testApp.db.select().from(users)).toHaveLength(9)
  })

  it('refuses a backup from a newer Mealie with a 400, leaving the library as it was', async () => {
    await using data = await temporaryDataDirectory()
    const testApp = await createTestApp({ DATA_DIR: data.directory })
    const admin = await testApp.make.user({ admin: true })
    const { authorization } = await testApp.signIn(admin.email, admin.password)
    const name = 'mealie_2030.01.01.00.00.00.zip'
    const content = await zipOf({
      'database.json': JSON.stringify({ alembic_version: [{ version_num: 'ffffffffffff' }], users: [] }),
    })
    const form = multipartForm([{ name: 'archive', fileName: name, content, contentType: 'application/zip' }])
    const headers = { ...form.headers, authorization }
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/admin/backups/upload', payload: form.payload, headers }))
        .statusCode,
    ).toBe(200)
    const restored = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${name}/restore`,
      headers: { authorization },
    })
    expect(restored.statusCode).toBe(400)
    expect(restored.json()).toMatchObject({
      detail: { message: expect.stringMatching(/schema version does not match/) },
    })
    expect(await testApp.db.select().from(users)).toEqual([expect.objectContaining({ id: admin.id })])
  })
})
