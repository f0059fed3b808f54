import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { listRecipes } from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { recipeIngredients, recipeInstructions, recipes } from '../../db/schema/index.js'
import { slugify } from '../../lib/slugs.js'
import { recipeRepo } from './repo.js'

/**
 * How often the recipe a person meant comes first (and within the first three) when they search the recipes of the
 * shared corpus (`../shared/corpus/recipe-pages`, read in place) with misspelled, accent-less, partial, multi-word,
 * ingredient-only and instruction-only queries.
 */

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..')
// The corpus sits beside the repository; a worktree under /work/wt/<branch> is one level deeper than the main one.
const corpusDirectory = [
  path.join(repositoryRoot, '..', 'shared', 'corpus', 'recipe-pages'),
  path.join(repositoryRoot, '..', '..', 'shared', 'corpus', 'recipe-pages'),
].find((candidate) => existsSync(path.join(candidate, 'index.json')))

interface Expected {
  title: string
  description: string | null
  ingredients: string[]
  instructions: string[] | string
}

/** Query → the corpus case (`<host>--<name>`, by its prefix) the searcher means. */
const queries: Array<[kind: string, query: string, meant: string]> = [
  ['misspelled', 'brocoli soup coconut', '101cookbooks.com'],
  ['misspelled', 'chiken tikka masala', 'ministryofcurry.com'],
  ['misspelled', 'philadelphia cheescake', 'thekitchenmagpie.com'],
  ['misspelled', 'dutch oven lasagne', 'letscampsmore.com'],
  ['misspelled', 'jambalya biscuits', 'joythebaker.com'],
  ['misspelled', 'tortila de patatas', 'hogarmania.com'],
  ['misspelled', 'lentil bolognase', 'vegansociety.com'],
  ['misspelled', 'mango guacamloe', 'rickbayless.com'],
  ['misspelled', 'sukiyake', 'cdkitchen.com'],
  ['misspelled', 'white chicken enchilladas', 'gonnawantseconds.com'],
  ['misspelled', 'pizelles', 'reciperunner.com'],
  ['misspelled', 'clam chowdr', 'flavorsbylinbie.com--flavorsbylinbie_1'],
  ['misspelled', 'vegan pana cotta', 'cleaneatingkitchen.com'],
  ['misspelled', 'bourgignon', 'projectgezond.nl'],
  ['accent-less', 'creme brulee', 'eggs.ca'],
  ['accent-less', 'crepe savoyarde', 'atelierdeschefs.fr'],
  ['accent-less', 'tartine a la provencale', 'jow.fr'],
  ['accent-less', 'boeuf braise oignon', 'veroniquecloutier.com'],
  ['accent-less', 'salmorejo cordobes', 'directoalpaladar.com'],
  ['accent-less', 'arroz sirio', 'panelinha.com.br'],
  ['accent-less', 'burli saint gall', 'briceletbaklava.ch'],
  ['accent-less', 'piskotatekercs', 'sobors.hu'],
  ['accent-less', 'pignons de poulet a la creme', 'recette.plus'],
  ['partial', 'roujia', 'andy-cooks.com'],
  ['partial', 'frittat', 'cookieandkate.com'],
  ['partial', 'kolach', 'southernliving.com'],
  ['partial', 'yaksi', 'mykoreankitchen.com'],
  ['partial', 'pannekak', 'godt.no'],
  ['partial', 'gingerbr', 'zenbelly.com'],
  ['partial', 'strawberry shortc', 'number-2-pencil.com'],
  ['partial', 'taquit', 'nutritionfacts.org'],
  ['multi-word', 'egg fried rice', 'wellplated.com'],
  ['multi-word', 'air fryer french fries', 'sweetcsdesigns.com'],
  ['multi-word', 'slow cooker pork roast gravy', 'themagicalslowcooker.com'],
  ['multi-word', 'korean short ribs', 'platingpixels.com'],
  ['multi-word', 'chocolate cream pie', 'thesaltymarshmallow.com'],
  ['multi-word', 'sweet chili shrimp stir fry', 'theclevercarrot.com'],
  ['multi-word', 'buffalo chicken chili', 'simplywhisked.com'],
  ['multi-word', 'fish and chips', 'nhs.uk'],
  ['multi-word', 'emeril banana cream pie', 'piesandplots.net'],
  ['multi-word', 'pumpkin pie', 'en.wikibooks.org'],
  ['multi-word', 'streusel banana cake', '177milkstreet.com--onesevensevenmilkstreet_2'],
  ['multi-word', 'maki sushi', 'reishunger.de'],
  ['multi-word', 'garbanzos con bacalao', 'thermomixasturias.es'],
  ['multi-word', 'beef dumplings', 'afghankitchenrecipes.com'],
  ['ingredient-only', 'medjool dates cashews', 'lovingitvegan.com'],
  ['ingredient-only', 'green lentils walnuts mushrooms', 'davidlebovitz.com'],
  ['ingredient-only', 'bread and butter pickles ketchup', 'acozykitchen.com'],
  ['ingredient-only', 'red jalapeno peppers distilled vinegar', 'leitesculinaria.com'],
  ['ingredient-only', 'chinese sesame paste black vinegar', 'iamafoodblog.com'],
  ['ingredient-only', 'matzo meal', 'mollybaz.com'],
  ['ingredient-only', 'rotel cilantro', 'tastykitchen.com'],
  ['ingredient-only', 'gold medal blue label flour', 'seriouseats.com'],
  ['instruction-only', 'hickory wood membrane', 'meatchurch.com'],
  ['instruction-only', 'microwave marshmallows knead', 'rosannapansino.com'],
  ['instruction-only', 'parboil vinegar convection', 'cookwell.com'],
  ['instruction-only', 'ferment glass jar fizzy', 'leitesculinaria.com'],
  ['instruction-only', 'kitchen cabinet airtight rub', 'thespicetrain.com'],
  ['instruction-only', '"crank the box"', 'altonbrown.com'],
  ['instruction-only', 'ogorki plasterki', 'kuchnia-domowa.pl'],
]

describe.skipIf(!corpusDirectory)('recipe search relevance over the shared corpus', () => {
  let testApp: TestApp
  let member: { id: string }
  const idOfCase = new Map<string, string>()

  beforeAll(async () => {
    testApp = await createTestApp()
    const owner = await testApp.make.user()
    member = owner
    const index = JSON.parse(readFileSync(path.join(corpusDirectory!, 'index.json'), 'utf8')) as {
      cases: Array<{ id: string; tier: string }>
    }
    const rows = index.cases.map((entry, position) => {
      const expected = JSON.parse(
        readFileSync(path.join(corpusDirectory!, entry.tier, entry.id, 'expected.json'), 'utf8'),
      ) as Expected
      const id = randomUUID()
      idOfCase.set(entry.id, id)
      const steps = Array.isArray(expected.instructions) ? expected.instructions : [expected.instructions]
      return { id, position, expected, steps }
    })
    const { db } = testApp
    await db.insert(recipes).values(
      rows.map(({ id, position, expected }) => ({
        id,
        groupId: owner.groupId,
        householdId: owner.householdId,
        userId: owner.id,
        name: expected.title,
        slug: `${slugify(expected.title) || 'recipe'}-${position}`,
        description: expected.description ?? '',
      })),
    )
    await db
      .insert(recipeIngredients)
      .values(
        rows.flatMap(({ id, expected }) =>
          expected.ingredients.map((note, position) => ({ recipeId: id, position, note, referenceId: randomUUID() })),
        ),
      )
    await db
      .insert(recipeInstructions)
      .values(rows.flatMap(({ id, steps }) => steps.map((text, position) => ({ recipeId: id, position, text }))))
    const scope = { groupId: owner.groupId, householdId: owner.householdId, userId: owner.id }
    await recipeRepo.refreshSearch(
      db,
      scope,
      rows.map((row) => row.id),
    )
  }, 60_000)

  it('puts the meant recipe first for ≥ 80% of the queries and in the first three for ≥ 95%', async () => {
    let first = 0
    let topThree = 0
    const misses: string[] = []
    const byKind = new Map<string, { total: number; first: number }>()
    for (const [kind, query, meant] of queries) {
      const wanted = [...idOfCase].filter(([caseId]) => caseId.startsWith(meant)).map(([, id]) => id)
      expect(wanted, `the corpus has no case ${meant}`).toHaveLength(1)
      const page = await testApp.api.ok(listRecipes, { as: member, query: { search: query, perPage: 3 } })
      const rank = page.items.findIndex((item) => item.id === wanted[0])
      const tally = byKind.get(kind) ?? { total: 0, first: 0 }
      tally.total += 1
      if (rank === 0) {
        first += 1
        tally.first += 1
      }
      if (rank >= 0) topThree += 1
      if (rank !== 0)
        misses.push(
          `${kind} "${query}" → ${rank < 0 ? 'not in top 3' : `#${rank + 1}`} (${page.items[0]?.name ?? 'nothing'} first)`,
        )
      byKind.set(kind, tally)
    }
    const percent = (count: number) => `${((count / queries.length) * 100).toFixed(1)}%`
    console.info(
      [
        `search relevance over ${idOfCase.size} corpus recipes, ${queries.length} queries:`,
        `top-1 ${first}/${queries.length} = ${percent(first)}, top-3 ${topThree}/${queries.length} = ${percent(topThree)}`,
        ...[...byKind].map(([kind, tally]) => `  ${kind}: top-1 ${tally.first}/${tally.total}`),
        ...misses.map((miss) => `  miss: ${miss}`),
      ].join('\n'),
    )
    expect(queries.length).toBeGreaterThanOrEqual(40)
    expect(first / queries.length).toBeGreaterThanOrEqual(0.8)
    expect(topThree / queries.length).toBeGreaterThanOrEqual(0.95)
  })
})

if (!corpusDirectory) {
  console.warn(
    `search-relevance.test.ts skipped: no corpus at ${path.join(repositoryRoot, '..', 'shared', 'corpus', 'recipe-pages')}`,
  )
}
