// Screenshots of the import and debug screens against the Vite dev server, the API answered from fixtures. Not a
// test: run by hand through tsx, which loads the web tests' TypeScript fixtures:
// `pnpm --filter @larder/e2e exec tsx shots-import.mjs <base> <out dir>`.
import { chromium } from 'playwright-core'
import { makeFood, makeIngredient, makeRecipe, makeUnit } from '../apps/web/src/test/recipe-fixtures.ts'

const [base = 'http://127.0.0.1:3417', out = '/tmp/p4iw/shots'] = process.argv.slice(2)
const id = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const user = {
  id: id(1),
  username: 'ana',
  fullName: 'Ana Cook',
  email: 'ana@example.com',
  authMethod: 'Mealie',
  admin: true,
  group: 'Home',
  groupId: id(2),
  groupSlug: 'home',
  household: 'Family',
  householdId: id(3),
  householdSlug: 'family',
  advanced: true,
  canInvite: true,
  canManage: true,
  canManageHousehold: true,
  canOrganize: true,
  tokens: [],
  cacheKey: 'k',
}
const about = {
  production: true,
  version: '1.0.0',
  demoStatus: false,
  allowSignup: false,
  allowPasswordLogin: true,
  defaultGroupSlug: 'home',
  defaultHouseholdSlug: 'family',
  enableOidc: false,
  oidcRedirect: false,
  oidcProviderName: 'OIDC',
  enableOpenai: true,
  enableOpenaiImageServices: false,
}
// Ingredients and recipes as the web tests build them (apps/web/src/test/recipe-fixtures.ts): type-only imports,
// so tsx runs that file as it is.
const line = (text) => makeIngredient({ note: text, isFood: false, display: text, originalText: text })
const lines = [
  '2 cups all-purpose flour',
  '1 pinch saffron threads',
  '3 cloves garlic, finely chopped',
  'salt to taste',
]
const recipe = makeRecipe({
  id: id(50),
  userId: id(1),
  householdId: id(3),
  groupId: id(2),
  name: 'Seafood paella',
  slug: 'paella',
  description: '',
  recipeIngredient: lines.map(line),
  recipeInstructions: [],
})
const parsed = (input, parts, average) => ({
  input,
  confidence: { average, comment: average, unit: average, quantity: average, food: average },
  ingredient: { ...line(input), ...parts },
})
const parses = {
  nlp: [
    parsed(lines[0], { quantity: 2, unit: makeUnit('cup'), food: makeFood('all-purpose flour'), note: '' }, 0.97),
    parsed(lines[1], { quantity: 1, unit: { name: 'pinch' }, food: { name: 'saffron' }, note: 'threads' }, 0.48),
    parsed(lines[2], { quantity: 3, unit: makeUnit('clove'), food: makeFood('garlic'), note: 'finely chopped' }, 0.74),
    parsed(lines[3], { quantity: null, unit: null, food: makeFood('salt'), note: 'to taste' }, 0.91),
  ],
}
const report = (status, entries) => ({
  id: id(70),
  timestamp: '2026-01-02T10:00:00Z',
  category: 'migration',
  groupId: id(2),
  name: 'Paprika Migration',
  status,
  entries,
})
const entries = [
  {
    id: id(71),
    reportId: id(70),
    timestamp: '2026-01-02T10:00:01Z',
    success: true,
    message: 'Imported Lentil soup successfully',
    exception: '',
  },
  {
    id: id(72),
    reportId: id(70),
    timestamp: '2026-01-02T10:00:02Z',
    success: true,
    message: 'Imported Shakshuka successfully',
    exception: '',
  },
  {
    id: id(73),
    reportId: id(70),
    timestamp: '2026-01-02T10:00:03Z',
    success: false,
    message: 'Failed to import Grandma’s bread',
    exception: 'ValueError: the recipe has no name\n  at recipe 14 of export.paprikarecipes',
  },
]
const scrape = {
  source: 'json-ld',
  warnings: ['The page names no yield; servings were left empty.'],
  raw: { '@type': 'Recipe', name: 'Lentil soup', recipeIngredient: ['1 cup red lentils', '1 onion'] },
  recipe: {
    name: 'Lentil soup',
    recipeYield: null,
    totalTime: 'PT40M',
    prepTime: 'PT10M',
    cookTime: 'PT30M',
    image: 'https://example.com/soup.jpg',
    orgURL: 'https://example.com/lentil-soup',
    recipeIngredient: [
      { note: '1 cup red lentils', originalText: '1 cup red lentils' },
      { note: '1 onion', originalText: '1 onion' },
    ],
    recipeInstructions: [{ text: 'Rinse the lentils.' }, { text: 'Simmer everything for 30 minutes.' }],
  },
}

function answer(route) {
  const url = new URL(route.request().url())
  const method = route.request().method()
  const json = (body, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
  const p = url.pathname
  if (p === '/api/users/self') return json(user)
  if (p === '/api/app/about') return json(about)
  if (p === '/api/app/about/startup-info') return json({ isFirstLogin: false, isDemo: false })
  if (p === '/api/app/about/theme') return json({})
  if (p === '/api/groups/reports')
    return json(
      url.searchParams.get('report_type') === 'migration'
        ? [
            { ...report('partial', []), entries: undefined },
            { ...report('success', []), id: id(74), name: 'Tandoor Migration', timestamp: '2025-12-20T09:00:00Z' },
          ]
        : [],
    )
  if (p.startsWith('/api/groups/reports/')) return json(report('partial', entries))
  if (p === '/api/recipes/paella') return json(recipe)
  if (p === '/api/parser/ingredients') return json(parses.nlp)
  if (p === '/api/parser/ingredient') {
    const body = JSON.parse(route.request().postData() ?? '{}')
    if (body.parser === 'openai')
      return json({ detail: { message: 'The AI provider did not answer in time', error: true, exception: null } }, 400)
    const conf = body.parser === 'brute' ? null : 0.86
    return json({
      input: body.ingredient,
      confidence: { average: conf, comment: conf, unit: conf, quantity: conf, food: conf },
      ingredient: {
        ...line(body.ingredient),
        quantity: 1.5,
        unit: makeUnit('cup'),
        food: { name: 'all-purpose flour' },
        note: body.parser === 'brute' ? 'sifted' : 'sifted',
        display: '1 ½ cups all-purpose flour, sifted',
      },
    })
  }
  if (p === '/api/recipes/test-scrape-url') return json(scrape)
  if (p === '/api/admin/debug/openai')
    return json({
      success: true,
      response: 'The provider answered in 1.2 s and described the picture: a bowl of lentil soup with parsley.',
    })
  if (p === '/api/recipes/create/url/stream') {
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: 'event: error\ndata: {"message":"No recipe was found on this page: it has no schema.org Recipe, microdata or recipe headings."}\n\n',
    })
  }
  if (p.startsWith('/api/organizers/'))
    return json({ page: 1, per_page: 30, total: 0, total_pages: 0, items: [], next: null, previous: null })
  if (method === 'GET')
    return json({ page: 1, per_page: 30, total: 0, total_pages: 0, items: [], next: null, previous: null })
  return json({ detail: 'Not Found' }, 404)
}

const pages = [
  ['create', '/g/home/r/create'],
  [
    'url',
    '/g/home/r/create/url?recipe_import_url=' + encodeURIComponent('Look at this soup https://example.com/lentil-soup'),
  ],
  [
    'url-error',
    '/g/home/r/create/url?recipe_import_url=https%3A%2F%2Fexample.com%2Fabout',
    async (page) => {
      await page.getByRole('button', { name: 'Import' }).click()
      await page.getByRole('alert').first().waitFor()
    },
  ],
  ['bulk', '/g/home/r/create/bulk'],
  ['html', '/g/home/r/create/html'],
  ['image', '/g/home/r/create/image'],
  ['zip', '/g/home/r/create/zip'],
  [
    'debug',
    '/g/home/r/create/debug',
    async (page) => {
      await page.getByRole('textbox', { name: /Recipe URL/ }).fill('https://example.com/lentil-soup')
      await page.getByRole('button', { name: 'Test' }).click()
      await page.getByText('What the importer found').waitFor()
    },
  ],
  [
    'migrations',
    '/group/migrations',
    async (page) => {
      await page.getByRole('combobox', { name: /Import from/ }).click()
      await page.getByRole('option', { name: 'Paprika' }).click()
    },
  ],
  [
    'report',
    `/group/reports/${id(70)}`,
    async (page) => {
      await page.getByRole('button', { name: 'Show details' }).click()
    },
  ],
  [
    'ingredient-parser',
    '/g/home/r/paella/ingredient-parser',
    async (page) => {
      await page.getByText('Doubtful · 48%').waitFor()
    },
  ],
  [
    'debug-parser',
    '/admin/debug/parser',
    async (page) => {
      await page.getByRole('textbox', { name: 'Ingredient line' }).fill('1 ½ cups all-purpose flour, sifted')
      await page.getByRole('button', { name: 'Parse', exact: true }).click()
      await page.getByText('Shown as:').first().waitFor()
    },
  ],
  [
    'debug-openai',
    '/admin/debug/openai',
    async (page) => {
      await page.locator('input[type=file]').setInputFiles({
        name: 'a-rather-long-photo-name-of-the-soup-from-the-kitchen.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from([0xff, 0xd8, 0xff]),
      })
      await page.getByRole('button', { name: 'Run test' }).click()
      await page.getByRole('status').first().waitFor()
    },
  ],
]
const variants = [
  { name: 'light', viewport: { width: 1280, height: 900 }, scheme: 'light' },
  { name: 'dark', viewport: { width: 1280, height: 900 }, scheme: 'dark' },
  { name: 'phone', viewport: { width: 375, height: 800 }, scheme: 'light' },
]
const only = process.env.ONLY?.split(',')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const variant of variants.filter((candidate) => !process.env.VARIANT || candidate.name === process.env.VARIANT)) {
  const context = await browser.newContext({ viewport: variant.viewport, locale: process.env.LOCALE ?? 'en-US' })
  await context.addInitScript((scheme) => {
    localStorage.setItem('larder.auth.token', 'token')
    localStorage.setItem('larder.theme.color-scheme', scheme)
  }, variant.scheme)
  await context.route((url) => url.pathname.startsWith('/api/'), answer)
  const page = await context.newPage()
  if (process.env.DEBUG) page.on('console', (m) => console.error('console', m.type(), m.text().slice(0, 300)))
  if (process.env.DEBUG) page.on('request', (r) => console.error('request', r.method(), r.url().slice(0, 120)))
  page.on('pageerror', (error) => console.error('pageerror', error.message.slice(0, 400)))
  for (const [name, path, act] of pages) {
    if (only && !only.includes(name)) continue
    await page.goto(base + path)
    await page.waitForLoadState('networkidle')
    // The dev server sends each lazy chunk on request: wait until the page itself (a form or a heading) is there.
    await page
      .locator('main form, main h1, main h2')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => undefined)
    await page.waitForTimeout(1000)
    try {
      if (act) await act(page)
    } catch (error) {
      console.error(name, variant.name, error.message.split('\n')[0])
    }
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/${name}-${variant.name}.png`, fullPage: true })
  }
  await context.close()
}
await browser.close()
console.log('done')
