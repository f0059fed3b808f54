import fs from 'node:fs/promises'
import { getRecipe, type Recipe, type ReportOut } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm, photo, renamedInZip, zipOf } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipesMediaDirectory } from '../../lib/media-paths.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-migration-requests-${process.pid}`
let testApp: TestApp
let picture: Buffer

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
  picture = await photo(320, 240).jpeg().toBuffer()
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function post(
  url: string,
  as: User | null,
  fields: Record<string, string>,
  archive?: Buffer,
  fileName = 'x.zip',
) {
  const form = multipartForm([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(archive ? [{ name: 'archive', fileName, content: archive, contentType: 'application/zip' }] : []),
  ])
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...(as ? { authorization: testApp.api.authorization(as) } : {}) },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json() }
}

const migrate = (as: User | null, fields: Record<string, string>, archive?: Buffer, fileName?: string) =>
  post('/api/groups/migrations', as, fields, archive, fileName)

async function reportOf(as: User, id: string): Promise<ReportOut> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/groups/reports/${id}`,
    headers: { authorization: testApp.api.authorization(as) },
  })
  return response.json()
}

async function recipesOf(as: User): Promise<Recipe[]> {
  const rows = await testApp.sql<{ slug: string }[]>`select slug from recipes where user_id = ${as.id} order by name`
  return Promise.all(
    rows.map(async ({ slug }) => (await testApp.api.call(getRecipe, { params: { slug }, as })).body as Recipe),
  )
}

async function nothingWritten(user: User) {
  const [counts] = await testApp.sql<{ recipes: number; reports: number }[]>`
    select (select count(*)::int from recipes where user_id = ${user.id}) as recipes,
           (select count(*)::int from group_reports where group_id = ${user.groupId}) as reports`
  expect(counts).toEqual({ recipes: 0, reports: 0 })
  const media = await fs.readdir(recipesMediaDirectory(dataDirectory)).catch(() => [])
  expect(media.filter((name) => name.startsWith('.'))).toEqual([])
}

/** A Nextcloud export of `count` recipes named `<prefix> <n>`, each with a picture. */
function nextcloudExport(prefix: string, count: number) {
  return zipOf(
    Array.from({ length: count }, (_item, index) => [
      [`${prefix} ${index}/recipe.json`, JSON.stringify({ name: `${prefix} ${index}`, recipeIngredient: ['1 egg'] })],
      [`${prefix} ${index}/full.jpg`, picture],
    ]).flat() as Array<[string, Buffer | string]>,
  )
}

/** A Tandoor export whose recipe zips are given (a damaged one can be among them). */
async function tandoorExport(inner: Buffer[]) {
  return zipOf(inner.map((zip, index) => [`${index + 1}.zip`, zip] as [string, Buffer]))
}

const tandoorRecipe = (name: string) =>
  zipOf([['recipe.json', JSON.stringify({ name, steps: [{ instruction: 'Cook.', ingredients: [] }] })]])

describe('POST /api/groups/migrations: the request', () => {
  it('needs a signed-in user', async () => {
    const answer = await migrate(null, { migration_type: 'nextcloud' }, await nextcloudExport('Soup', 1))
    expect(answer.status).toBe(401)
  })

  it('refuses an unknown type and a missing archive with 422', async () => {
    const user = await testApp.make.user()
    expect((await migrate(user, { migration_type: 'evernote' }, await nextcloudExport('Soup', 1))).status).toBe(422)
    expect((await migrate(user, { migration_type: 'nextcloud' })).status).toBe(422)
    await nothingWritten(user)
  })

  it('takes the fields in snake_case and camelCase, and the type and flag in any case', async () => {
    for (const fields of <Array<Record<string, string>>>[
      { migration_type: 'nextcloud', add_migration_tag: 'true' },
      { migrationType: 'Nextcloud', addMigrationTag: 'True' },
    ]) {
      const user = await testApp.make.user()
      const answer = await migrate(user, fields, await nextcloudExport('Stew', 2))
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ name: 'Nextcloud Migration', status: 'success', category: 'migration' })
      const recipes = await recipesOf(user)
      expect(recipes).toHaveLength(2)
      for (const recipe of recipes) expect(recipe.tags.map((tag) => tag.name)).toEqual(['nextcloud'])
    }
  })

  it('adds no migration tag unless asked', async () => {
    const user = await testApp.make.user()
    expect((await migrate(user, { migration_type: 'nextcloud' }, await nextcloudExport('Pie', 1))).status).toBe(200)
    const [recipe] = await recipesOf(user)
    expect(recipe?.tags).toEqual([])
  })

  it('writes one report entry per recipe, readable through the reports API, with the timeline event', async () => {
    const user = await testApp.make.user()
    const answer = await migrate(user, { migration_type: 'nextcloud' }, await nextcloudExport('Cake', 3))
    const report = await reportOf(user, answer.body.id)
    expect(report.entries.map((entry) => [entry.success, entry.message])).toEqual([
      [true, 'Imported Cake 0 successfully'],
      [true, 'Imported Cake 1 successfully'],
      [true, 'Imported Cake 2 successfully'],
    ])
    const [events] = await testApp.sql`
      select count(*)::int as count from recipe_timeline_events e join recipes r on r.id = e.recipe_id
      where r.user_id = ${user.id} and e.subject = 'Recipe Created'`
    expect(events?.count).toBe(3)
  })

  it('reports an unreadable recipe as failed and imports the rest (status partial)', async () => {
    const user = await testApp.make.user()
    const archive = await zipOf([
      ['mealie/recipes/soup/soup.json', JSON.stringify({ name: 'Soup', recipe_ingredient: [{ note: '1 l water' }] })],
      ['mealie/recipes/invalid-recipe/invalid-recipe.json', ''],
    ])
    const answer = await migrate(user, { migration_type: 'mealie_alpha' }, archive)
    expect(answer.body.status).toBe('partial')
    const report = await reportOf(user, answer.body.id)
    const failed = report.entries.filter((entry) => !entry.success)
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ message: 'Failed to import invalid-recipe.json' })
    expect(failed[0]?.exception).toMatch(/^SyntaxError: /)
    expect((await recipesOf(user)).map((recipe) => recipe.name)).toEqual(['Soup'])
  })

  it('gives clashing names the next free name, as POST does', async () => {
    const user = await testApp.make.user()
    await migrate(user, { migration_type: 'nextcloud' }, await nextcloudExport('Bread', 1))
    await migrate(user, { migration_type: 'nextcloud' }, await nextcloudExport('Bread', 1))
    expect((await recipesOf(user)).map((recipe) => recipe.name)).toEqual(['Bread 0', 'Bread 0 (1)'])
  })

  it('imports parallel migrations of the same export each whole', async () => {
    const user = await testApp.make.user()
    const archive = await nextcloudExport('Parallel', 3)
    const answers = await Promise.all([1, 2, 3].map(() => migrate(user, { migration_type: 'nextcloud' }, archive)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(await recipesOf(user)).toHaveLength(9)
  })
})

describe('POST /api/groups/migrations: broken and hostile archives', () => {
  it('imports nothing when an archive is broken midway (a damaged recipe zip in a Tandoor export)', async () => {
    const user = await testApp.make.user()
    const good = await tandoorRecipe('Chili')
    const damaged = (await tandoorRecipe('Stew')).subarray(0, 40)
    const answer = await migrate(user, { migration_type: 'tandoor' }, await tandoorExport([good, damaged, good]))
    expect(answer.status).toBe(400)
    expect(answer.body.detail.message).toMatch(/damaged/)
    await nothingWritten(user)
  })

  it('imports nothing when a later entry of the archive does not inflate', async () => {
    const user = await testApp.make.user()
    const archive = await nextcloudExport('Broken', 3)
    const damaged = Buffer.from(archive)
    // Overwrite the middle of the compressed data: the first entries read, a later one fails to inflate.
    damaged.fill(0xff, Math.floor(archive.length * 0.6), Math.floor(archive.length * 0.6) + 64)
    const answer = await migrate(user, { migration_type: 'nextcloud' }, damaged)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    await nothingWritten(user)
  })

  it('refuses names that climb out of the archive', async () => {
    const user = await testApp.make.user()
    const archive = renamedInZip(
      await zipOf([['xx/recipe.json', JSON.stringify({ name: 'Escape' })]]),
      'xx/recipe.json',
      '../recipe.json',
    )
    const answer = await migrate(user, { migration_type: 'nextcloud' }, archive)
    expect(answer.status).toBe(400)
    expect(answer.body.detail.message).toMatch(/outside its own folder/)
    await nothingWritten(user)
  })

  // The budget itself (512 MB here) is tested on SafeArchive with small limits (lib/safe-zip.test.ts).
  it('refuses an entry that inflates to more than its header says', async () => {
    const user = await testApp.make.user()
    const honest = await zipOf([['Bomb/recipe.json', Buffer.alloc(2 * 1024 * 1024, 0x20)]])
    const lying = Buffer.from(honest)
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    lying.writeUInt32LE(100, central + 24)
    lying.writeUInt32LE(100, 22)
    const answer = await migrate(user, { migration_type: 'nextcloud' }, lying)
    expect([400, 413]).toContain(answer.status)
    await nothingWritten(user)
  })

  it('refuses a file that is not a zip with 415', async () => {
    const user = await testApp.make.user()
    const answer = await migrate(user, { migration_type: 'paprika' }, picture, 'photo.jpg')
    expect(answer.status).toBe(415)
    await nothingWritten(user)
  })
})

describe('migrations from fixtures made here (no sample exists)', () => {
  it('imports Recipe Keeper: itemprop fields, numbered directions, nutrition, the photo', async () => {
    const user = await testApp.make.user()
    const html = `<html><body>
      <div class="recipe-details">
        <meta content="r1" itemprop="recipeId">
        <h2 itemprop="name">Zucchini Bread</h2>
        <div>Courses: <span itemprop="recipeCourse">Breakfast</span></div>
        <div>Categories: <span itemprop="recipeCategory">Baking</span></div>
        <div>Source: <span itemprop="recipeSource">https://example.com/zucchini-bread</span></div>
        <div>Serving size: <span itemprop="recipeYield">2 loaves</span></div>
        <meta content="PT15M" itemprop="prepTime"><meta content="PT1H" itemprop="cookTime">
        <span itemprop="recipeRating">4</span>
        <img src="images/image1.jpg" itemprop="photo0">
        <div itemprop="recipeIngredients"><p>3 cups flour</p><p>2 cups grated zucchini</p></div>
        <div itemprop="recipeDirections"><p>1. Preheat the oven.</p><p>2. Mix and bake.</p></div>
        <div itemprop="recipeNotes"><p>Freezes well.</p></div>
        <meta content="180" itemprop="recipeNutCalories"><meta content="4 g" itemprop="recipeNutProtein">
      </div>
      <div class="recipe-details"><h2 itemprop="name">Plain Toast</h2>
        <div itemprop="recipeIngredients">1 slice bread</div></div>
    </body></html>`
    const archive = await zipOf([
      ['recipekeeper/recipes.html', html],
      ['recipekeeper/images/image1.jpg', picture],
    ])
    const answer = await migrate(user, { migration_type: 'recipekeeper' }, archive)
    expect(answer.body).toMatchObject({ name: 'Recipekeeper Migration', status: 'success' })
    const recipes = await recipesOf(user)
    expect(recipes.map((recipe) => recipe.name)).toEqual(['Plain Toast', 'Zucchini Bread'])
    const bread = recipes[1]!
    expect(bread.slug).toBe('zucchini-bread')
    expect(bread.recipeIngredient.map((line) => line.originalText)).toEqual(['3 cups flour', '2 cups grated zucchini'])
    expect(bread.recipeInstructions.map((step) => step.text)).toEqual(['Preheat the oven.', 'Mix and bake.'])
    expect(bread).toMatchObject({ prepTime: '15 minutes', performTime: '1 hour', recipeYield: '2 loaves', rating: 4 })
    expect(bread.tags.map((tag) => tag.name)).toEqual(['Breakfast'])
    expect(bread.recipeCategory.map((item) => item.name)).toEqual(['Baking'])
    expect(bread.nutrition).toMatchObject({ calories: '180', proteinContent: '4 g' })
    expect(bread.notes).toEqual([{ title: '', text: 'Freezes well.' }])
    expect(bread.image).not.toBeNull()
  })

  it("imports Cook'n: the DSV tables joined into recipes, ingredients in order, the chapter's picture", async () => {
    const user = await testApp.make.user()
    const table = (header: string[], rows: string[][]) =>
      [header.join('||||'), ...rows.map((row) => row.join('||||'))].join('!@#%^&*()\n') + '!@#%^&*()'
    const files: Array<[string, Buffer | string]> = [
      [
        'temp_recipe.dsv',
        table(
          ['ID', 'SERVES', 'PREPTIME', 'COOKTIME', 'INSTRUCTIONS'],
          [['R1', '4', '20', '45', '1. Brown the beef.\n2. Add the beans\nand simmer.\n3. Serve.']],
        ),
      ],
      [
        'temp_recipe_desc.dsv',
        table(['ID', 'PARENT', 'TITLE', 'DESCRIPTION'], [['R1', 'C1', 'Chili Con Carne', 'Hearty.']]),
      ],
      ['temp_chapter_desc.dsv', table(['ID', 'PARENT', 'TITLE'], [['C1', 'B1', 'Soups']])],
      ['temp_cookBook_desc.dsv', table(['ID', 'TITLE'], [['B1', 'Family Favorites']])],
      [
        'temp_ingredient.dsv',
        table(
          [
            'PARENT_ID',
            'DISPLAY_ORDER',
            'AMOUNT_QTY_STRING',
            'AMOUNT_UNIT',
            'INGREDIENT_FOOD_ID',
            'BRAND_ID',
            'PRE_QUALIFIER',
            'POST_QUALIFIER',
          ],
          [
            ['R1', '2', '1', 'U2', 'F2', '[null]', '', ', drained'],
            ['R1', '1', '500', 'U1', 'F1', '', 'lean', ''],
          ],
        ),
      ],
      [
        'temp_unit.dsv',
        table(
          ['ID', 'NAME', 'PLURAL_NAME', 'ABBREVIATION'],
          [
            ['U1', 'gram', 'grams', 'g'],
            ['U2', 'can', 'cans', ''],
          ],
        ),
      ],
      [
        'temp_food.dsv',
        table(
          ['ID', 'NAME', 'PLURAL_NAME'],
          [
            ['F1', 'ground beef', ''],
            ['F2', 'kidney beans', ''],
          ],
        ),
      ],
      ['temp_brand.dsv', table(['ID', 'NAME'], [])],
      ['temp_media.dsv', table(['ID', 'ENTITY_ID', 'MEDIA_CONTENT_TYPE'], [['M1', 'C1', 'image/jpeg']])],
      ['M1', picture],
    ]
    const answer = await migrate(user, { migration_type: 'cookn' }, await zipOf(files))
    expect(answer.body).toMatchObject({ name: 'Cookn Migration', status: 'success' })
    const [chili] = await recipesOf(user)
    expect(chili).toMatchObject({
      name: 'Chili Con Carne',
      description: 'Hearty.',
      recipeYield: '4',
      prepTime: '20 minutes',
      performTime: '45 minutes',
      totalTime: '1 hour 5 minutes',
    })
    expect(chili?.recipeCategory.map((item) => item.name)).toEqual(['Family Favorites - Soups'])
    expect(chili?.recipeIngredient.map((line) => line.originalText)).toEqual([
      '500 gram lean ground beef',
      '1 can kidney beans, drained',
    ])
    expect(chili?.recipeInstructions.map((step) => step.text)).toEqual([
      'Brown the beef.',
      'Add the beans and simmer.',
      'Serve.',
    ])
    expect(chili?.image).not.toBeNull()
  })
})
