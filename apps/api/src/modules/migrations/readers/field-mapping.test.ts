import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { nutritionFields } from '@larder/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { SafeArchive } from '../../../lib/safe-zip.js'
import { createPageReader } from '../../../page-reader.js'
import type { MigratedRecipe } from '../migrated-recipe.js'
import { migrationArchiveLimits } from '../service.js'
import { migrationReaders } from './index.js'

/*
 * Nutrition, times and yields of every reader against docs/mealie-compatibility.md "What each migration reads", on the corpus samples (read in place). The
 * nutrition fields each sample must keep are Mealie's own migration test's: all of them less its per-format filter.
 * Where Larder reads more than Mealie (cholesterol from My Recipe Box, servings as a number), the test says so.
 */
const corpus = [
  process.env.LARDER_CORPUS_DIR,
  path.resolve(import.meta.dirname, '../../../../../../shared/corpus'),
  path.resolve(import.meta.dirname, '../../../../../../../shared/corpus'),
].find((candidate) => candidate && existsSync(path.join(candidate, 'migrations')))

type Type = keyof typeof migrationReaders
const allNutrition = new Set<string>(nutritionFields)
const except = (...fields: string[]) => [...allNutrition].filter((field) => !fields.includes(field))

interface Case {
  type: Type
  file: string
  name: string
  /** Fields that must be there and not null (Mealie's `nutrition_entries` less `nutrition_filter`). */
  nutrition: string[]
  expected: Partial<MigratedRecipe>
  /** Fields the sample leaves empty. */
  absent?: Array<keyof MigratedRecipe>
}

const cases: Case[] = [
  { type: 'chowdown', file: 'chowdown.zip', name: 'Roasted Okra', nutrition: [], expected: {} },
  {
    type: 'copymethat',
    file: 'copymethat.zip',
    name: 'Crockpot Cilantro Lime Chicken',
    nutrition: [],
    // Mealie keeps `Servings: 4` as the yield text; Larder reads the number as servings.
    expected: { recipeYield: '4', recipeServings: 4 },
  },
  {
    type: 'mealie_alpha',
    file: 'mealie.zip',
    name: 'Old-Fashioned Beef Stew',
    nutrition: except('cholesterolContent', 'saturatedFatContent', 'transFatContent', 'unsaturatedFatContent'),
    expected: {
      recipeYield: '4 serving(s)',
      totalTime: '2 Hours 30 Minutes',
      nutrition: {
        calories: '',
        fatContent: '12',
        proteinContent: '35',
        carbohydrateContent: '54',
        fiberContent: '5',
        sodiumContent: '1604',
        sugarContent: '7',
      },
    },
  },
  {
    type: 'myrecipebox',
    file: 'myrecipebox.csv',
    name: 'Beef & Cheese Piroshki',
    nutrition: except('cholesterolContent'),
    expected: {
      prepTime: '1 hour 30 minutes',
      performTime: '25 minutes',
      totalTime: '1 hour 55 minutes',
      nutrition: expect.objectContaining({
        calories: '334 kcal',
        cholesterolContent: '88 mg',
        sodiumContent: '539 mg',
      }),
    },
  },
  {
    type: 'nextcloud',
    file: 'nextcloud.zip',
    name: "Skillet Shepherd's Pie",
    nutrition: except('transFatContent', 'unsaturatedFatContent'),
    expected: {
      recipeYield: '1',
      recipeServings: 1,
      prepTime: '15 minutes',
      performTime: '1 hour 10 minutes',
      totalTime: '1 hour 25 minutes',
      nutrition: expect.objectContaining({ calories: '252 kcal', sodiumContent: '1165 mg' }),
    },
  },
  {
    type: 'paprika',
    file: 'paprika.zip',
    name: 'Zucchini Rolls with Goat Cheese and Mint',
    nutrition: [],
    expected: { recipeYield: 'about 20 rolls', prepTime: '30 minutes', performTime: '30 minutes' },
  },
  {
    type: 'plantoeat',
    file: 'plantoeat.zip',
    name: 'Test Recipe',
    nutrition: except('transFatContent', 'unsaturatedFatContent'),
    expected: {
      recipeYield: '7',
      recipeServings: 7,
      prepTime: '1 hour 15 minutes',
      performTime: '1 hour 15 minutes',
      totalTime: '2 hours 30 minutes',
      nutrition: {
        calories: '13',
        fatContent: '16',
        saturatedFatContent: '17',
        cholesterolContent: '18',
        sodiumContent: '19',
        sugarContent: '22',
        carbohydrateContent: '20',
        fiberContent: '21',
        proteinContent: '23',
      },
    },
  },
  {
    type: 'tandoor',
    file: 'tandoor.zip',
    name: '“Texas Red” Chili',
    nutrition: [],
    // Working time 0 is no cook time; servings 1 without a servings text is no yield.
    expected: { totalTime: '2 minutes' },
    absent: ['recipeYield', 'performTime'],
  },
]

const pages = createPageReader()
afterAll(() => pages.close())

async function readSample(type: Type, file: string, name: string): Promise<MigratedRecipe> {
  const upload = readFileSync(path.join(corpus!, 'migrations', file))
  const items = await migrationReaders[type]({
    upload,
    archive: () => SafeArchive.read(upload, migrationArchiveLimits),
    pages,
  })
  const found = items.find((item) => item.ok && item.recipe.name === name)
  if (!found?.ok) throw new Error(`${file} has no recipe named ${name}`)
  return found.recipe
}

describe.skipIf(!corpus)('nutrition, times, yields (docs/mealie-compatibility.md "What each migration reads")', () => {
  it.each(cases)('$type: $name', async ({ type, file, name, nutrition, expected, absent = [] }) => {
    const recipe = await readSample(type, file, name)
    for (const field of nutrition)
      expect(recipe.nutrition?.[field as keyof typeof recipe.nutrition], field).toBeTypeOf('string')
    if (nutrition.length === 0) expect(recipe.nutrition).toBeUndefined()
    expect(recipe).toMatchObject(expected)
    for (const field of absent) expect(recipe[field], field).toBeUndefined()
    // Cook times go where Mealie's clients show them ("Cook Time" is `performTime`).
    expect(recipe.cookTime).toBeUndefined()
  })
})

if (!corpus) console.warn('field-mapping.test.ts skipped: no ../shared/corpus/migrations beside the repository')
