import fs from 'node:fs/promises'
import path from 'node:path'
import { getRecipe, type Recipe, type ReportOut, type ReportSummary } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeImagesDirectory } from '../../lib/media-paths.js'

type User = Awaited<ReturnType<TestApp['make']['user']>>

const corpus = process.env.LARDER_CORPUS_DIR ?? path.resolve(import.meta.dirname, '../../../../../../shared/corpus')
const sample = (file: string) => fs.readFile(path.join(corpus, 'migrations', file))
const dataDirectory = `/tmp/larder-migrations-${process.pid}`

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function migrate(
  as: User | null,
  fields: Record<string, string>,
  archive: Buffer,
  fileName = 'export.zip',
): Promise<{ status: number; body: ReportSummary & { detail?: unknown } }> {
  const form = multipartForm([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'archive', fileName, content: archive, contentType: 'application/zip' },
  ])
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/groups/migrations',
    headers: { ...form.headers, ...(as ? { authorization: testApp.api.authorization(as) } : {}) },
    payload: form.payload,
  })
  return { status: response.statusCode, body: response.json() }
}

async function reportOf(as: User, id: string): Promise<ReportOut> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/groups/reports/${id}`,
    headers: { authorization: testApp.api.authorization(as) },
  })
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function recipesOf(as: User): Promise<Recipe[]> {
  const rows = await testApp.sql<{ slug: string }[]>`select slug from recipes where user_id = ${as.id} order by name`
  return Promise.all(
    rows.map(async ({ slug }) => (await testApp.api.call(getRecipe, { params: { slug }, as })).body as Recipe),
  )
}

const byName = (recipes: Recipe[], name: string) => {
  const recipe = recipes.find((candidate) => candidate.name === name)
  if (!recipe) throw new Error(`no recipe named ${name} among ${recipes.map((item) => item.name).join(', ')}`)
  return recipe
}

const hasPicture = (recipe: Recipe) =>
  fs.stat(path.join(recipeImagesDirectory(dataDirectory, recipe.id), 'original.webp')).then(
    () => recipe.image !== null,
    () => false,
  )

/** Imports a corpus sample as a new user; answers the user, the report and the recipes made. */
async function importSample(type: string, file: string) {
  const user = await testApp.make.user()
  const answer = await migrate(user, { migration_type: type }, await sample(file), file)
  expect(answer.status).toBe(200)
  const report = await reportOf(user, answer.body.id)
  return { user, answer: answer.body, report, recipes: await recipesOf(user) }
}

describe('POST /api/groups/migrations with the corpus samples', () => {
  it('imports Chowdown: two recipes with tags, steps and pictures', async () => {
    const { answer, report, recipes } = await importSample('chowdown', 'chowdown.zip')
    expect(answer).toMatchObject({ category: 'migration', name: 'Chowdown Migration', status: 'success' })
    expect(report.entries).toHaveLength(2)
    expect(report.entries.every((entry) => entry.success)).toBe(true)
    const okra = byName(recipes, 'Roasted Okra')
    expect(okra.recipeIngredient.map((line) => line.originalText)).toEqual([
      '1 bunch of okra',
      'salt, pepper, etc to taste',
    ])
    expect(okra.recipeInstructions[0]?.text).toBe('Wash the okra dang good')
    expect(okra.tags.map((tag) => tag.name).sort()).toEqual(['Sides', 'Vegetables'])
    expect(okra.description).toMatch(/^I love me some okra/)
    expect(await hasPicture(okra)).toBe(true)
  })

  it('imports Copy Me That: three recipes with notes, rating, made-it date and pictures', async () => {
    const { user, report, recipes } = await importSample('copymethat', 'copymethat.zip')
    expect(recipes).toHaveLength(3)
    expect(report.entries.map((entry) => entry.message)).toContain('Imported Spam Zoodles successfully')
    const chicken = byName(recipes, 'Crockpot Cilantro Lime Chicken')
    expect(chicken.notes).toHaveLength(3)
    expect(chicken.tags.map((tag) => tag.name)).toContain('slowcooker')
    expect(chicken.recipeYield).toBe('4')
    expect(chicken.lastMade).not.toBeNull()
    const [rating] =
      await testApp.sql`select rating from user_recipe_ratings where user_id = ${user.id} and recipe_id = ${chicken.id}`
    expect(rating?.rating).toBe(4)
    expect(byName(recipes, 'Spam Zoodles').orgURL).toBe('https://www.allrecipes.com/recipe/19958/spam-on-the-go/print/')
    expect(await hasPicture(byName(recipes, 'Classic Stuffed Shells'))).toBe(true)
  })

  it('imports Mealie before 1.0: three recipes, nutrition, times, categories and the webp picture', async () => {
    const { recipes, report } = await importSample('mealie_alpha', 'mealie.zip')
    expect(report.entries).toHaveLength(3)
    const stew = byName(recipes, 'Old-Fashioned Beef Stew')
    // Mealie's own test: calories (empty in the export), carbohydrate, fat, fiber, protein, sodium, sugar are kept.
    expect(stew.nutrition).toMatchObject({
      calories: '',
      carbohydrateContent: '54',
      fatContent: '12',
      fiberContent: '5',
      proteinContent: '35',
      sodiumContent: '1604',
      sugarContent: '7',
    })
    expect(stew.totalTime).toBe('2 Hours 30 Minutes')
    expect(stew.recipeYield).toBe('4 serving(s)')
    expect(stew.dateAdded).toBe('2021-10-26')
    expect(stew.recipeIngredient[0]?.originalText).toBe('1/4 cup all-purpose flour')
    expect(byName(recipes, 'Levain Chocolate Chip Cookies').recipeCategory.map((item) => item.name)).toEqual([
      'Cookies',
      'Dessert',
    ])
    expect(await hasPicture(stew)).toBe(true)
  })

  it('imports My Recipe Box from its bare CSV: ten recipes with nutrition and times', async () => {
    const { recipes, report } = await importSample('myrecipebox', 'myrecipebox.csv')
    expect(report.entries).toHaveLength(10)
    expect(report.entries.every((entry) => entry.success)).toBe(true)
    const piroshki = byName(recipes, 'Beef & Cheese Piroshki')
    expect(piroshki.prepTime).toBe('1 hour 30 minutes')
    expect(piroshki.nutrition).toMatchObject({ calories: '334 kcal', proteinContent: '15 g', sodiumContent: '539 mg' })
    expect(piroshki.recipeCategory.map((item) => item.name)).toEqual(['Russian', 'The main course'])
    expect(piroshki.recipeIngredient[0]?.originalText).toBe('1 1/2 cups milk')
  })

  it('imports Nextcloud Cookbook: three recipes with ISO times in words, keywords as tags, full.jpg', async () => {
    const { recipes } = await importSample('nextcloud', 'nextcloud.zip')
    expect(recipes).toHaveLength(3)
    const shrimp = byName(recipes, 'Air Fryer Shrimp')
    expect(shrimp).toMatchObject({ prepTime: '15 minutes', performTime: '8 minutes', totalTime: '23 minutes' })
    expect(shrimp.nutrition?.calories).toBe('134 kcal')
    expect(shrimp.recipeCategory.map((item) => item.name)).toEqual(['Main Course'])
    expect(await hasPicture(shrimp)).toBe(true)
    // Ingredients come in parsed: amount, unit and food apart, the line kept as printed.
    const parsedLines = shrimp.recipeIngredient.filter((line) => line.food && line.quantity)
    expect(parsedLines.length).toBeGreaterThan(shrimp.recipeIngredient.length / 2)
    for (const line of parsedLines) expect(line.originalText).toMatch(new RegExp(line.food!.name.split(' ')[0]!, 'i'))
    const pie = byName(recipes, "Skillet Shepherd's Pie")
    expect(pie.tags.map((tag) => tag.name)).toContain('Cottage Pie')
    expect(await hasPicture(pie)).toBe(false)
  })

  it('imports Paprika: five gzipped recipes with their inline photos, categories as tags', async () => {
    const { recipes } = await importSample('paprika', 'paprika.zip')
    expect(recipes).toHaveLength(5)
    const frittata = byName(recipes, 'Zucchini-Kartoffel-Frittata')
    expect(frittata.slug).toBe('zucchini-kartoffel-frittata')
    expect(frittata.recipeIngredient[0]?.originalText).toBe('3 mittelgroße Kartoffeln')
    expect(frittata.tags.map((tag) => tag.name)).toContain('Vegetarisch')
    expect(frittata.dateAdded).toBe('2011-10-20')
    const rolls = byName(recipes, 'Zucchini Rolls with Goat Cheese and Mint')
    expect(rolls).toMatchObject({ prepTime: '30 minutes', recipeYield: 'about 20 rolls' })
    expect(rolls.recipeInstructions[0]?.text).toMatch(/^Bring a small saucepan/)
    expect(await hasPicture(frittata)).toBe(true)
  })

  it('imports Plan to Eat: sections, categories, tags, nutrition and times of its CSV', async () => {
    const { recipes } = await importSample('plantoeat', 'plantoeat.zip')
    expect(recipes.map((recipe) => recipe.name)).toEqual(['Test Recipe', 'Test Recipe2'])
    const first = byName(recipes, 'Test Recipe')
    expect(first.recipeIngredient.map((line) => [line.title, line.originalText])).toEqual([
      ['Heading', '2 itm Test, note'],
      ['Heading2', '3 pkg Two, note2'],
    ])
    expect(first.recipeCategory.map((item) => item.name)).toEqual(['American', 'Main Course'])
    expect(first.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['Allergen-Friendly', 'Cheap', 'Test', 'Beans']),
    )
    expect(first.rating).toBe(3)
    expect(first).toMatchObject({
      prepTime: '1 hour 15 minutes',
      totalTime: '2 hours 30 minutes',
      dateAdded: '2023-10-13',
    })
    expect(first.nutrition).toMatchObject({ calories: '13', proteinContent: '23', cholesterolContent: '18' })
  })

  it('imports Tandoor: the zip inside the zip, keywords as tags, ingredients rendered from amounts', async () => {
    const { recipes } = await importSample('tandoor', 'tandoor.zip')
    expect(recipes).toHaveLength(1)
    const chili = recipes[0]!
    expect(chili.name).toBe('“Texas Red” Chili')
    expect(chili.slug).toBe('texas-red-chili')
    expect(chili.tags.map((tag) => tag.name).sort()).toEqual([
      'American',
      'Course: Main',
      'Southwest',
      'Technique: cocotte',
    ])
    expect(chili.recipeIngredient[1]?.originalText).toBe('1 1/2 cup (12 fl oz/355 ml) doppelbock')
    expect(chili.recipeIngredient.at(-2)?.originalText).toBe('Sour cream')
    expect(chili).toMatchObject({ performTime: null, totalTime: '2 minutes' })
    expect(await hasPicture(chili)).toBe(true)
  })
})
