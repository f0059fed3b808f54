import fs from 'node:fs/promises'
import path from 'node:path'
import {
  createRecipeZipToken,
  exportRecipe,
  exportRecipeZip,
  getRecipe,
  listRecipeExportFormats,
  updateRecipe,
} from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzip } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

/** docs/mealie-compatibility.md "Recipe exports": the format list, a recipe through a Jinja2 template, and Mealie 2's zip token. */
const dataDirectory = `/tmp/larder-export-templates-${process.pid}`
const templates = path.join(dataDirectory, 'templates')
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
  await fs.mkdir(templates, { recursive: true })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function ownerWithRecipe() {
  const owner = await testApp.make.user()
  const made = await testApp.make.recipe({ owner, name: 'Pâte à Crêpes' })
  const stored = await testApp.api.ok(getRecipe, { as: owner, params: { slug: made.slug } })
  const recipe = await testApp.api.ok(updateRecipe, {
    as: owner,
    params: { slug: made.slug },
    body: {
      ...stored,
      description: 'Thin pancakes.',
      totalTime: '40 minutes',
      recipeYield: '12 crêpes',
      recipeIngredient: [{ note: '250 g flour' }, { note: '3 eggs', title: 'Batter' }] as never,
      recipeInstructions: [{ text: 'Whisk.' }, { text: 'Rest, then fry.' }] as never,
      notes: [{ title: 'Tip', text: 'Butter the pan once.' }],
      orgURL: 'https://example.org/crepes',
    },
  })
  return { owner, recipe }
}

const download = (as: Awaited<ReturnType<TestApp['make']['user']>>, slug: string, templateName: string) =>
  testApp.api.call(exportRecipe, { as, params: { slug }, query: { template_name: templateName } })

describe('GET /api/recipes/exports', () => {
  it('lists raw JSON, the zip, the shipped template and the administrators’ own', async () => {
    const owner = await testApp.make.user()
    await fs.writeFile(path.join(templates, 'card.txt'), '{{ recipe.name }}')
    await fs.writeFile(path.join(templates, '.hidden'), 'x')
    expect(await testApp.api.ok(listRecipeExportFormats, { as: owner })).toEqual({
      json: ['raw'],
      zip: ['zip'],
      jinja2: ['card.txt', 'recipes.md'],
    })
  })
})

describe('GET /api/recipes/{slug}/exports?template_name=', () => {
  it('renders recipes.md as <slug>.md: name, times, ingredients and steps as checklists, notes, source', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answer = await download(owner, recipe.slug, 'recipes.md')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="pate-a-crepes.md"/)
    expect(answer.text).toContain('# Pâte à Crêpes\n')
    expect(answer.text).toContain('Thin pancakes.')
    expect(answer.text).toContain('**Total time:** 40 minutes')
    expect(answer.text).toContain('**Yield:** 12 crêpes')
    expect(answer.text).toContain('- [ ] 250 g flour\n\n### Batter\n\n- [ ] 3 eggs\n')
    expect(answer.text).toContain('1. Whisk.\n')
    expect(answer.text).toContain('2. Rest, then fry.\n')
    expect(answer.text).toContain('**Tip:** Butter the pan once.')
    expect(answer.text).toContain('Original URL: https://example.org/crepes')
  })

  it('renders an administrator’s template in Jinja2 syntax, theirs replacing a shipped one of the same name', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    await fs.writeFile(
      path.join(templates, 'shopping.txt'),
      '{{ recipe.name | upper }}{% for line in recipe.recipeIngredient %}\n* {{ line.note }}{% endfor %}',
    )
    const answer = await download(owner, recipe.slug, 'shopping.txt')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(/filename="pate-a-crepes.txt"/)
    expect(answer.text).toBe('PÂTE À CRÊPES\n* 250 g flour\n* 3 eggs')

    await fs.writeFile(path.join(templates, 'recipes.md'), 'Ours: {{ recipe.slug }}')
    expect((await download(owner, recipe.slug, 'recipes.md')).text).toBe('Ours: pate-a-crepes')
    await fs.rm(path.join(templates, 'recipes.md'))
  })

  it('answers 404 for an unknown template and reads no file outside the templates folder', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    expect((await download(owner, recipe.slug, 'missing.md')).status).toBe(404)
    await fs.writeFile(path.join(dataDirectory, 'secret.md'), 'SECRET {{ recipe.name }}')
    await fs.symlink(path.join(dataDirectory, 'secret.md'), path.join(templates, 'linked.md'))
    const linked = await download(owner, recipe.slug, 'linked.md')
    expect(linked.status).toBe(404)
    expect(linked.text).not.toContain('SECRET')
    await fs.writeFile(path.join(templates, 'include.md'), '{% include "../secret.md" %}')
    const included = await download(owner, recipe.slug, 'include.md')
    expect(included.status).toBe(400)
    expect(included.text).not.toContain('SECRET')
    for (const name of ['../secret.md', '.hidden', 'a/b.md']) {
      expect((await download(owner, recipe.slug, name)).status, name).toBe(422)
    }
  })

  it('gives a template no way from the recipe to code, and a broken template a 400', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    await fs.writeFile(
      path.join(templates, 'escape.txt'),
      '[{{ recipe.name.constructor.constructor("return process.pid")() }}]',
    )
    const escape = await download(owner, recipe.slug, 'escape.txt')
    expect(escape.text).not.toContain(String(process.pid))
    await fs.writeFile(path.join(templates, 'broken.md'), '{% for x in %}')
    const broken = await download(owner, recipe.slug, 'broken.md')
    expect(broken.status).toBe(400)
    expect(broken.text).toContain('could not be rendered')
  })

  it('downloads the zip as template `zip`', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const answer = await download(owner, recipe.slug, 'zip')
    expect(answer.headers['content-type']).toBe('application/zip')
    expect([...(await unzip(answer.bytes)).keys()]).toEqual(['pate-a-crepes.json'])
  })
})

describe('POST /api/recipes/{slug}/exports and the zip token', () => {
  it('gives a member a token that downloads this recipe’s zip, signed out, and no other', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const { token } = await testApp.api.ok(createRecipeZipToken, { as: owner, params: { slug: recipe.slug } })
    const zip = await testApp.api.call(exportRecipeZip, { params: { slug: recipe.slug }, query: { token } })
    expect(zip.status).toBe(200)
    expect([...(await unzip(zip.bytes)).keys()]).toEqual(['pate-a-crepes.json'])

    const other = await testApp.make.recipe({ owner })
    const wrong = await testApp.api.call(exportRecipeZip, { params: { slug: other.slug }, query: { token } })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain('Invalid Slug')
    const forged = await testApp.api.call(exportRecipeZip, {
      params: { slug: recipe.slug },
      query: { token: `${token.slice(0, -4)}AAAA` },
    })
    expect(forged.status).toBe(401)
    expect(forged.text).toContain('could not validate file token')
  })

  it('reads the token’s own group: the same slug in another group is not opened by it', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const { token } = await testApp.api.ok(createRecipeZipToken, { as: owner, params: { slug: recipe.slug } })
    const stranger = await testApp.make.user()
    const theirs = await testApp.make.recipe({ owner: stranger, name: 'Pâte à Crêpes' })
    expect(theirs.slug).toBe(recipe.slug)
    const zip = await testApp.api.call(exportRecipeZip, {
      as: stranger,
      params: { slug: recipe.slug },
      query: { token },
    })
    const json = JSON.parse((await unzip(zip.bytes)).get('pate-a-crepes.json')!.toString()) as { id: string }
    expect(json.id).toBe(recipe.id)
  })

  it('refuses a token for a recipe of another household (404)', async () => {
    const { owner, recipe } = await ownerWithRecipe()
    const neighbour = await testApp.make.user({
      householdId: (await testApp.make.household({ groupId: owner.groupId })).id,
    })
    expect(
      (await testApp.api.call(createRecipeZipToken, { as: neighbour, params: { slug: recipe.slug } })).status,
    ).toBe(404)
  })
})
