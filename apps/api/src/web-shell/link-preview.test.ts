import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.js'
import { recipeImagesDirectory, recipeMediaDirectory } from '../lib/media-paths.js'
import {
  categories,
  recipeCategories,
  recipeIngredients,
  recipeInstructions,
  recipeRatings,
  recipeShareTokens,
  recipeTags,
  tags,
} from '../db/schema/index.js'

const stylesheet = '<link rel="stylesheet" crossorigin href="/assets/index.css">'
/** The shell's entry script and the chunk it preloads, as Vite writes them. */
const entryScript = '<script type="module" crossorigin src="/assets/index.js"></script>'
const entryPreload = '<link rel="modulepreload" crossorigin href="/assets/framework.js">'
const shell =
  '<!doctype html><html><head><meta charset="utf-8"><title>Larder</title>' +
  `<meta name="larder-config" content="{}">${entryScript}${entryPreload}${stylesheet}</head>` +
  '<body><div id="root"></div></body></html>'

/** The build manifest's shape (Vite `build.manifest`): the entry, its imports, and the recipe page's chunks. */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  'src/routes/SignedInRoutes.tsx': { file: 'assets/signed-in.js', imports: ['_framework.js', '_query.js'] },
  '_query.js': { file: 'assets/query.js', css: ['assets/query.css'] },
  'src/pages/g/[groupSlug]/r/[slug]/index.tsx': { file: 'assets/recipe-page.js', imports: ['_query.js'] },
  'src/i18n/namespace-files.ts': { file: 'assets/namespace-files.js', imports: ['index.html'] },
  'src/i18n/locales/app/app.en-US.json': { file: 'assets/app.en-US.js' },
  'src/i18n/locales/app/app.de-DE.json': { file: 'assets/app.de-DE.js' },
  'src/i18n/locales/recipes/recipes.en-US.json': { file: 'assets/recipes.en-US.js' },
  'src/i18n/locales/recipes/recipes.de-DE.json': { file: 'assets/recipes.de-DE.js' },
}

/** The schema.org block of a page, parsed; undefined when there is none. */
function structuredDataOf(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined
}

describe('link previews of recipe pages', () => {
  let distDirectory: string
  let testApp: TestApp
  let world: Awaited<ReturnType<typeof setUp>>

  async function setUp(app: TestApp) {
    const { make, db } = app
    const group = await make.group({ privateGroup: false })
    const open = await make.household({ groupId: group.id, privateHousehold: false })
    const closed = await make.household({ groupId: group.id, privateHousehold: true })
    const cook = await make.user({ householdId: open.id, fullName: 'Ada Cook' })
    const hermit = await make.user({ householdId: closed.id })
    const outsider = await make.user()
    const soup = await make.recipe({
      owner: cook,
      name: 'Leek & Potato Soup',
      description: 'Silky "and" warm',
      image: 'abcd',
      settingsPublic: true,
      prepTime: '15 minutes',
      performTime: '1 hour 30 minutes',
      totalTime: '1 hour 45 minutes',
      recipeYield: '4 bowls',
      rating: 4.5,
      dateAdded: '2026-01-02',
    })
    await db.insert(recipeIngredients).values([
      { recipeId: soup.id, position: 0, quantity: 2, note: 'leeks', referenceId: randomUUID() },
      { recipeId: soup.id, position: 1, note: 'salt', referenceId: randomUUID() },
    ])
    await db.insert(recipeInstructions).values([
      { recipeId: soup.id, position: 0, title: 'Prep', text: 'Chop the leeks.' },
      { recipeId: soup.id, position: 1, text: 'Simmer.' },
    ])
    const [tag] = await db.insert(tags).values({ groupId: group.id, name: 'Winter', slug: 'winter' }).returning()
    await db.insert(recipeTags).values({ recipeId: soup.id, tagId: tag!.id })
    const [category] = await db
      .insert(categories)
      .values({ groupId: group.id, name: 'Soups', slug: 'soups' })
      .returning()
    await db.insert(recipeCategories).values({ recipeId: soup.id, categoryId: category!.id })
    await db.insert(recipeRatings).values({ recipeId: soup.id, userId: cook.id, rating: 4.5 })

    const secret = await make.recipe({ owner: cook, name: 'Secret Stew', settingsPublic: false })
    const closedRecipe = await make.recipe({ owner: hermit, name: 'Closed Curry', settingsPublic: true })
    const xss = await make.recipe({
      owner: cook,
      name: '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>',
      slug: 'xss',
      description: "<b>bold</b> & 'quoted'",
      settingsPublic: true,
    })
    const privateGroup = await make.group({ privateGroup: true })
    const privateGroupHousehold = await make.household({ groupId: privateGroup.id, privateHousehold: false })
    const insider = await make.user({ householdId: privateGroupHousehold.id })
    const insiderRecipe = await make.recipe({ owner: insider, name: 'Insider Pie', settingsPublic: true })
    const inFuture = new Date(Date.now() + 86_400_000)
    const [token] = await db
      .insert(recipeShareTokens)
      .values({ groupId: group.id, recipeId: secret.id, expiresAt: inFuture })
      .returning()
    const [expired] = await db
      .insert(recipeShareTokens)
      .values({ groupId: group.id, recipeId: secret.id, expiresAt: new Date(Date.now() - 1000) })
      .returning()
    return {
      group,
      cook,
      hermit,
      outsider,
      soup,
      secret,
      closedRecipe,
      xss,
      privateGroup,
      insiderRecipe,
      token: token!,
      expired: expired!,
    }
  }

  beforeAll(async () => {
    distDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-preview-dist-'))
    await fs.writeFile(path.join(distDirectory, 'index.html'), shell)
    await fs.mkdir(path.join(distDirectory, '.vite'))
    await fs.writeFile(path.join(distDirectory, '.vite', 'manifest.json'), JSON.stringify(manifest))
    testApp = await createTestApp({ WEB_DIST_DIR: distDirectory, BASE_URL: 'https://larder.example/' })
    world = await setUp(testApp)
  })
  afterAll(() => fs.rm(distDirectory, { recursive: true, force: true }))

  const page = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers })

  it('describes a public recipe with OpenGraph tags and a schema.org Recipe', async () => {
    const { group, soup } = world
    const response = await page(`/g/${group.slug}/r/${soup.slug}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    expect(response.headers['cache-control']).toBe('no-cache')
    const html = response.body
    const image = `https://larder.example/api/media/recipes/${soup.id}/images/min-original.webp?version=abcd`
    expect(html).toContain('<title>Leek &amp; Potato Soup</title>')
    expect(html).toContain('<meta property="og:title" content="Leek &amp; Potato Soup">')
    expect(html).toContain('<meta property="og:description" content="Silky &quot;and&quot; warm">')
    expect(html).toContain(`<meta property="og:image" content="${image.replace(/&/g, '&amp;')}">`)
    expect(html).toContain(`<meta property="og:url" content="https://larder.example/g/${group.slug}/r/${soup.slug}">`)
    expect(html).toContain('<meta property="og:type" content="article">')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(html).toContain('<div id="root" aria-hidden="true"></div>')
    expect(structuredDataOf(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Leek & Potato Soup',
      description: 'Silky "and" warm',
      image: [image],
      recipeIngredient: ['2 leeks', 'salt'],
      recipeInstructions: [
        { '@type': 'HowToStep', name: 'Prep', text: 'Chop the leeks.' },
        { '@type': 'HowToStep', text: 'Simmer.' },
      ],
      recipeYield: '4 bowls',
      prepTime: 'PT15M',
      cookTime: 'PT1H30M',
      totalTime: 'PT1H45M',
      recipeCategory: ['Soups'],
      keywords: 'Winter',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 1, bestRating: 5, worstRating: 1 },
      datePublished: '2026-01-02',
      author: { '@type': 'Person', name: 'Ada Cook' },
    })
  })

  it('gives the plain app for private, non-public, foreign and unknown recipes, to visitors and outsiders', async () => {
    const { group, secret, closedRecipe, outsider, privateGroup, insiderRecipe } = world
    const outsiderCookie = `mealie.access_token=${testApp.app.issueSession(outsider.id, false).accessToken}`
    for (const url of [
      `/g/${group.slug}/r/${secret.slug}`,
      `/g/${group.slug}/r/${closedRecipe.slug}`,
      `/g/${group.slug}/r/nothing-here`,
      `/g/no-such-group/r/${secret.slug}`,
      `/g/${privateGroup.slug}/r/${insiderRecipe.slug}`,
    ]) {
      for (const headers of [{}, { cookie: outsiderCookie }, { cookie: 'mealie.access_token=forged' }] as Record<
        string,
        string
      >[]) {
        const response = await page(url, headers)
        expect(response.statusCode, url).toBe(200)
        expect(response.body, url).toBe(shell.replace('content="{}"', 'content="{&quot;darkMode&quot;:false}"'))
      }
    }
  })

  it("describes a private recipe to a signed-in member of its group, for that member's eyes only", async () => {
    const { group, secret, hermit } = world
    const cookie = `mealie.access_token=${testApp.app.issueSession(hermit.id, false).accessToken}`
    const response = await page(`/g/${group.slug}/r/${secret.slug}`, { cookie })
    expect(response.body).toContain('<meta property="og:title" content="Secret Stew">')
    expect(response.headers['cache-control']).toBe('private, no-cache')
    expect(response.headers.vary).toContain('cookie')
  })

  it('describes the recipe of a valid share token, and nothing for an expired or unknown one', async () => {
    const { group, token, expired } = world
    const shared = await page(`/g/${group.slug}/shared/r/${token.id}`)
    expect(shared.body).toContain('<meta property="og:title" content="Secret Stew">')
    expect(shared.body).toContain(
      `<meta property="og:url" content="https://larder.example/g/${group.slug}/shared/r/${token.id}">`,
    )
    expect(structuredDataOf(shared.body)).toMatchObject({ name: 'Secret Stew' })
    for (const url of [
      `/g/${group.slug}/shared/r/${expired.id}`,
      `/g/${group.slug}/shared/r/${randomUUID()}`,
      `/g/${group.slug}/shared/r/not-a-token`,
      `/g/other-group/shared/r/${token.id}`,
    ]) {
      const response = await page(url)
      expect(response.body, url).not.toContain('og:title')
      expect(response.body, url).not.toContain('Secret Stew')
    }
  })

  it("gives a shared private recipe's picture an address that carries the share token, which opens it", async () => {
    const { group, cook } = world
    const pictured = await testApp.make.recipe({
      owner: cook,
      name: 'Hidden Pie',
      settingsPublic: false,
      image: 'pqrs',
    })
    const [token] = await testApp.db
      .insert(recipeShareTokens)
      .values({ groupId: group.id, recipeId: pictured.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning()
    const shared = await page(`/g/${group.slug}/shared/r/${token!.id}`)
    const picture = `/api/media/recipes/${pictured.id}/images/min-original.webp?version=pqrs&token=${token!.id}`
    expect(shared.body).toContain(
      `<meta property="og:image" content="https://larder.example${picture.replace('&', '&amp;')}">`,
    )
    expect(structuredDataOf(shared.body)).toMatchObject({ image: [`https://larder.example${picture}`] })
    // Without the token the picture is a private recipe's, and a crawler signed out would get a 404.
    const directory = recipeImagesDirectory(testApp.config.dataDirectory, pictured.id)
    await fs.mkdir(directory, { recursive: true })
    await fs.writeFile(path.join(directory, 'min-original.webp'), 'a picture')
    const withToken = await testApp.app.inject({ method: 'GET', url: picture })
    expect([withToken.statusCode, withToken.headers['cache-control']]).toEqual([
      200,
      'private, max-age=31536000, immutable',
    ])
    const withoutToken = await testApp.app.inject({ method: 'GET', url: picture.replace(/&token=.*/, '') })
    expect(withoutToken.statusCode).toBe(404)
    await fs.rm(recipeMediaDirectory(testApp.config.dataDirectory, pictured.id), { recursive: true, force: true })
  })

  it('escapes a recipe name that tries to break out of the tags and the JSON-LD block', async () => {
    const { group, xss } = world
    const html = (await page(`/g/${group.slug}/r/${xss.slug}`)).body
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<img src=x')
    // The drawn page's start script, the JSON-LD block and the explore answer's data block, nothing else.
    expect(html.match(/<script/g)).toHaveLength(3)
    expect(html.match(/<\/script>/g)).toHaveLength(3)
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)')
    expect(html).toContain('<meta property="og:description" content="&lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;">')
    expect(structuredDataOf(html)).toMatchObject({ name: xss.name, description: "<b>bold</b> & 'quoted'" })
  })

  describe('first paint', () => {
    const answersOf = (html: string) => {
      const match = /<script type="application\/json" id="larder-answers">([\s\S]*?)<\/script>/.exec(html)
      return match ? (JSON.parse(match[1]!) as { generatedAt: number; answers: Record<string, unknown> }) : undefined
    }
    const firstPaintOf = (html: string) => /<div id="first-paint"[\s\S]*?<\/main><\/div>(?=<)/.exec(html)?.[0]
    it("leaves the app's code and stylesheets, the shell's and the route's, to start-app.js after the drawing", async () => {
      const { group, soup } = world
      const html = (await page(`/g/${group.slug}/r/${soup.slug}`)).body
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head).not.toContain(entryScript)
      expect(head).not.toContain('modulepreload')
      expect(head).not.toContain(stylesheet)
      const start =
        /<script id="larder-start" src="\/start-app.js" async data-entry="([^"]*)" data-modules="([^"]*)" data-steps="([^"]*)" data-styles="([^"]*)"><\/script>/.exec(
          html,
        )
      expect(start?.[1]).toBe('/assets/index.js')
      expect(start?.[2]?.split(' ')).toEqual([
        '/assets/framework.js',
        '/assets/signed-in.js',
        '/assets/query.js',
        '/assets/recipe-page.js',
        '/assets/namespace-files.js',
        '/assets/app.en-US.js',
        '/assets/recipes.en-US.js',
      ])
      // The entry's own imports, evaluated one per task before the entry.
      expect(start?.[3]?.split(' ')).toEqual(['/assets/framework.js'])
      expect(start?.[4]?.split(' ')).toEqual(['/assets/index.css', '/assets/query.css'])
      expect(html.indexOf('id="first-paint"')).toBeLessThan(html.indexOf('id="larder-start"'))
      expect(html.indexOf('id="larder-start"')).toBeLessThan(html.indexOf('<div id="root" aria-hidden="true"></div>'))
      // A page without a drawing keeps the shell as built.
      const plain = (await page('/login')).body
      expect(plain).toContain(entryScript + entryPreload + stylesheet)
    })

    it("preloads the page's strings in the reader's language, from the locale cookie or the browser's, and in English", async () => {
      const { group, soup } = world
      const modulesFor = async (headers: Record<string, string>) => {
        const response = await page(`/g/${group.slug}/r/${soup.slug}`, headers)
        expect(response.headers.vary).toContain('accept-language')
        const modules = / data-modules="([^"]*)"/.exec(response.body)?.[1]?.split(' ') ?? []
        return modules.filter((file) => /\/(app|recipes)\./.test(file))
      }
      const german = [
        '/assets/app.de-DE.js',
        '/assets/app.en-US.js',
        '/assets/recipes.de-DE.js',
        '/assets/recipes.en-US.js',
      ]
      expect(await modulesFor({ 'accept-language': 'de-de,de;q=0.9,en;q=0.5' })).toEqual(german)
      expect(await modulesFor({ cookie: 'locale=de-DE', 'accept-language': 'fr-FR' })).toEqual(german)
      expect(await modulesFor({ cookie: 'locale=nonsense', 'accept-language': 'de-DE' })).toEqual(german)
      // A language the build has no strings for preloads English only; the client asks for what it needs itself.
      expect(await modulesFor({ 'accept-language': 'fr-FR' })).toEqual([
        '/assets/app.en-US.js',
        '/assets/recipes.en-US.js',
      ])
      expect(await modulesFor({ 'accept-language': '<script>' })).toEqual([
        '/assets/app.en-US.js',
        '/assets/recipes.en-US.js',
      ])
    })

    const memberCookie = () => `mealie.access_token=${testApp.app.issueSession(world.hermit.id, false).accessToken}`

    it('draws a public recipe for a visitor (picture with its size, name, ingredients, steps) with the explore answer', async () => {
      const { group, soup } = world
      const response = await page(`/g/${group.slug}/r/${soup.slug}`)
      expect(response.headers['cache-control']).toBe('no-cache')
      const paint = firstPaintOf(response.body)
      expect(paint).toBeDefined()
      const picture = `/api/media/recipes/${soup.id}/images/original.webp?version=abcd`
      expect(paint).toContain(`<img class="fp-picture" src="${picture}" alt="" width="800" height="600"`)
      expect(response.body).toContain(`<link rel="preload" as="image" href="${picture}" fetchpriority="high">`)
      expect(paint).toContain('<h1 class="fp-title">Leek &amp; Potato Soup</h1>')
      expect(paint).toContain('<li>2 leeks</li><li>salt</li>')
      expect(paint).toContain('<li><strong>Prep</strong> Chop the leeks.</li><li>Simmer.</li>')
      expect(response.body.indexOf('id="first-paint"')).toBeLessThan(
        response.body.indexOf('<div id="root" aria-hidden="true"></div>'),
      )
      // The visitor's app reads the recipe through the explore API: that endpoint's very answer is embedded.
      const url = `/api/explore/groups/${group.slug}/recipes/${soup.slug}`
      const endpoint = await testApp.app.inject({ method: 'GET', url })
      expect(answersOf(response.body)?.answers).toEqual({ [url]: JSON.parse(endpoint.body) })
    })

    it("gives a member their group's recipe and their own ratings with the endpoints' very answers, for their eyes only", async () => {
      const { group, secret } = world
      const cookie = memberCookie()
      const response = await page(`/g/${group.slug}/r/${secret.slug}`, { cookie })
      expect(response.headers['cache-control']).toBe('private, no-cache')
      expect(response.headers.vary).toContain('cookie')
      expect(firstPaintOf(response.body)).toContain('<h1 class="fp-title">Secret Stew</h1>')
      const answer = async (url: string) =>
        JSON.parse((await testApp.app.inject({ method: 'GET', url, headers: { cookie } })).body) as unknown
      const embedded = answersOf(response.body)
      expect(embedded?.answers).toEqual({
        [`/api/recipes/${secret.slug}`]: await answer(`/api/recipes/${secret.slug}`),
        '/api/users/self/ratings': await answer('/api/users/self/ratings'),
      })
      expect(Math.abs(Date.now() - embedded!.generatedAt)).toBeLessThan(60_000)
    })

    it('sends a drawn page compressed to a client that accepts brotli', async () => {
      const { group, soup } = world
      const response = await page(`/g/${group.slug}/r/${soup.slug}`, { 'accept-encoding': 'gzip, deflate, br' })
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers.vary).toContain('accept-encoding')
      const html = brotliDecompressSync(response.rawPayload).toString('utf8')
      expect(html).toContain('<h1 class="fp-title">Leek &amp; Potato Soup</h1>')
    })

    it('draws nothing of a recipe the caller may not see, of a shared link, or of an address with a query string', async () => {
      const { group, secret, outsider, token } = world
      const outsiderCookie = `mealie.access_token=${testApp.app.issueSession(outsider.id, false).accessToken}`
      for (const [url, headers] of [
        [`/g/${group.slug}/r/${secret.slug}`, {}],
        [`/g/${group.slug}/r/${secret.slug}`, { cookie: outsiderCookie }],
        [`/g/${group.slug}/r/nothing-here`, { cookie: memberCookie() }],
        [`/g/${group.slug}/shared/r/${token.id}`, {}],
        [`/g/${group.slug}/r/${secret.slug}?edit=true`, { cookie: memberCookie() }],
        [`/g/${group.slug}?orderBy=name`, { cookie: memberCookie() }],
      ] as const) {
        const html = (await page(url, headers)).body
        expect(html, url).not.toContain('id="first-paint"')
        expect(html, url).not.toContain('larder-answers')
      }
    })

    it('escapes hostile recipe text in the drawing and in the data block', async () => {
      const { group, xss } = world
      const cookie = memberCookie()
      const html = (await page(`/g/${group.slug}/r/${xss.slug}`, { cookie })).body
      expect(html).not.toContain('<script>alert(1)')
      expect(html).not.toContain('<img src=x')
      // The start script, the JSON-LD block and the data block.
      expect(html.match(/<script/g)).toHaveLength(3)
      expect(firstPaintOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img')
      expect(answersOf(html)?.answers[`/api/recipes/${xss.slug}`]).toMatchObject({ name: xss.name })
    })

    it("draws a member's explorer from the list endpoint's first page, and nothing for anyone else", async () => {
      const { group, outsider } = world
      const cookie = memberCookie()
      const response = await page(`/g/${group.slug}`, { cookie })
      expect(response.headers['cache-control']).toBe('private, no-cache')
      const url = '/api/recipes?perPage=30&orderBy=created_at&orderDirection=desc&page=1'
      const endpoint = await testApp.app.inject({ method: 'GET', url, headers: { cookie } })
      const list = JSON.parse(endpoint.body) as { items: { name: string; slug: string }[] }
      expect(answersOf(response.body)?.answers).toEqual({ [url]: list })
      const paint = firstPaintOf(response.body)!
      const names = [...paint.matchAll(/<h2><a href="([^"]*)">([^<]*)<\/a><\/h2>/g)].map((match) => match[1])
      expect(names).toEqual(list.items.slice(0, 12).map((item) => `/g/${group.slug}/r/${item.slug}`))
      const outsiderCookie = `mealie.access_token=${testApp.app.issueSession(outsider.id, false).accessToken}`
      expect((await page(`/g/${group.slug}`, { cookie: outsiderCookie })).body).not.toContain('first-paint')
    })

    it("describes and draws a public group's explorer for a signed-out visitor from the explore endpoint's first page", async () => {
      const { group, soup, secret, closedRecipe } = world
      const response = await page(`/g/${group.slug}`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
      const url = `/api/explore/groups/${group.slug}/recipes?perPage=30&orderBy=created_at&orderDirection=desc&page=1`
      const endpoint = await testApp.app.inject({ method: 'GET', url })
      const list = JSON.parse(endpoint.body) as { items: { name: string; slug: string }[] }
      expect(list.items.map((item) => item.slug)).toContain(soup.slug)
      expect(list.items.map((item) => item.slug)).not.toContain(secret.slug)
      expect(list.items.map((item) => item.slug)).not.toContain(closedRecipe.slug)
      expect(answersOf(response.body)?.answers).toEqual({ [url]: list })
      const paint = firstPaintOf(response.body)!
      const links = [...paint.matchAll(/<h2><a href="([^"]*)">/g)].map((match) => match[1])
      expect(links).toEqual(list.items.slice(0, 12).map((item) => `/g/${group.slug}/r/${item.slug}`))
      // A visitor has no favourites: the app draws no toggle on their cards, nor does the drawing.
      expect(paint).not.toContain('class="fp-favorite"')

      const pageUrl = `https://larder.example/g/${group.slug}`
      expect(response.body).toContain(`<meta property="og:url" content="${pageUrl}">`)
      expect(response.body).toContain(`<meta property="og:type" content="website">`)
      expect(response.body).toMatch(/<meta property="og:title" content="[^"]+">/)
      expect(structuredDataOf(response.body)).toMatchObject({
        '@type': 'ItemList',
        url: pageUrl,
        itemListElement: list.items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${pageUrl}/r/${item.slug}`,
          name: item.name,
        })),
      })
    })

    it('describes the explorer without drawing it at an address with a query string, and nothing of a private group', async () => {
      const { group, privateGroup } = world
      const searched = (await page(`/g/${group.slug}?search=soup`)).body
      expect(searched).toContain('<meta property="og:type" content="website">')
      expect(searched).not.toContain('id="first-paint"')
      expect(searched).not.toContain('larder-answers')
      const hidden = (await page(`/g/${privateGroup.slug}`)).body
      expect(hidden).not.toContain('og:')
      expect(hidden).not.toContain('application/ld+json')
      expect(hidden).not.toContain('first-paint')
    })
  })
})
