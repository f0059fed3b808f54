import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createRecipeFromHtmlOrJson,
  createRecipeFromHtmlOrJsonStream,
  createRecipeFromUrl,
  createRecipeFromUrlStream,
  createRecipesFromUrls,
  getRecipe,
  getReport,
  testScrapeUrl,
} from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photo } from '../../../test/media-helpers.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

type Member = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-import-${process.pid}`
let testApp: TestApp
let server: http.Server
let origin: string
/** An address nothing listens on: a site that is down. */
let closedOrigin: string

const ldPage = (node: unknown, head = '') =>
  `<!doctype html><html><head>${head}<script type="application/ld+json">${JSON.stringify(node)}</script></head><body><h1>Page</h1></body></html>`

const soup = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'A food blog' },
    {
      '@type': ['Recipe', 'NewsArticle'],
      name: 'Tomato &amp; Basil <b>Soup</b>',
      description: '<p>Bright and quick.</p>',
      image: [{ '@type': 'ImageObject', url: '/photo.png', width: 800, height: 600 }],
      recipeYield: ['4', '4 servings'],
      totalTime: 'PT1H30M',
      prepTime: 'PT10M',
      cookTime: '80 mins',
      keywords: 'soup, Summer supper',
      recipeCategory: ['Starter'],
      nutrition: { '@type': 'NutritionInformation', calories: '120 kcal', sodiumContent: '1.2 g' },
      recipeIngredient: ['1 kg tomatoes', '2 tbsp&nbsp;olive oil', '', 'a handful of basil'],
      recipeInstructions: [
        {
          '@type': 'HowToSection',
          name: 'The soup',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Chop the tomatoes.' },
            { '@type': 'HowToStep', text: 'Simmer for an hour.' },
          ],
        },
        {
          '@type': 'HowToSection',
          name: 'To serve',
          itemListElement: [{ '@type': 'HowToStep', text: 'Tear the basil over.' }],
        },
      ],
    },
  ],
}

// Raw line breaks inside strings, a trailing comma, a CDATA wrapper and a second value after the first.
const brokenJsonLd = `//<![CDATA[
{"@context": "https://schema.org", "@type": "Recipe", "name": "Broken but good",
 "recipeIngredient": ["1 egg", "2 cups flour",],
 "recipeInstructions": "Beat the egg.
Fold in the flour.", }
{"@type": "BreadcrumbList"}
//]]>`

const microdataPage = `<html><body><div itemscope itemtype="http://schema.org/Recipe">
  <h1 itemprop="name">Plain Pancakes</h1>
  <meta itemprop="recipeYield" content="Makes 8 pancakes">
  <ul><li itemprop="recipeIngredient">200 g flour</li><li itemprop="recipeIngredient">2 eggs</li></ul>
  <div itemprop="recipeInstructions"><p>Whisk everything.</p><p>Fry in butter.</p></div>
</div></body></html>`

const latin1Page = Buffer.from(
  `<html><head><script type="application/ld+json">{"@type":"Recipe","name":"Crème brûlée","recipeIngredient":["20 cl crème fraîche"]}</script></head></html>`,
  'latin1',
)

const routes: Record<string, (request: http.IncomingMessage, response: http.ServerResponse) => void> = {}

function serve(path: string, body: string | Buffer, contentType = 'text/html; charset=utf-8') {
  routes[path] = (_request, response) => {
    response.writeHead(200, { 'content-type': contentType })
    response.end(body)
  }
}

let picture: Buffer

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory, HTTP_ALLOW_LIST: '127.0.0.1', RECIPE_IMPORT_TIMEOUT: '1' })
  picture = await photo(800, 600).png().toBuffer()
  serve('/photo.png', picture, 'image/png')
  serve('/soup', ldPage(soup))
  serve('/broken', `<html><head><script type="application/ld+json">${brokenJsonLd}</script></head></html>`)
  serve('/microdata', microdataPage)
  serve('/latin1', latin1Page, 'text/html; charset=ISO-8859-1')
  serve('/no-recipe', '<html><head><title>About us</title></head><body><p>We cook.</p></body></html>')
  serve('/feed.json', '{"recipes": []}', 'application/json')
  serve('/og-only', '<html><head><meta property="og:title" content="Grandma’s stew"></head><body></body></html>')
  serve(
    '/lost-picture',
    ldPage({ '@type': 'Recipe', name: 'Picture gone', image: '/missing.png', recipeIngredient: ['1 onion'] }),
  )
  serve('/huge', Buffer.alloc(6 * 1024 * 1024, 0x20))
  routes['/to-private'] = (_request, response) => {
    response.writeHead(302, { location: 'http://10.20.30.40/recipe' })
    response.end()
  }
  routes['/moved'] = (_request, response) => {
    response.writeHead(301, { location: '/soup' })
    response.end()
  }
  routes['/slow'] = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.write('<html>')
    // Never finishes within the 1 s the app is given; closed by the server's shutdown.
  }
  server = http.createServer((request, response) => {
    const route = routes[request.url ?? '']
    if (route) return route(request, response)
    response.writeHead(404)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const closed = http.createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

async function recipeCount(member: Member): Promise<number> {
  const [row] = await testApp.sql`select count(*)::int as count from recipes where user_id = ${member.id}`
  return row!.count as number
}

async function importUrl(member: Member, body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/recipes/create/url',
    headers: { authorization: testApp.api.authorization(member), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
}

const read = (member: Member, slug: string) => testApp.api.ok(getRecipe, { as: member, params: { slug } })

describe('POST /api/recipes/create/url', () => {
  it('imports a JSON-LD recipe from an @graph: cleaned fields, sections, times, yield, nutrition, the picture', async () => {
    const member = await testApp.make.user()
    const answer = await testApp.api.call(createRecipeFromUrl, { as: member, body: { url: `${origin}/soup` } })
    expect(answer.status, answer.text).toBe(201)
    expect(answer.body).toBe('tomato-basil-soup')

    const recipe = await read(member, answer.body as string)
    expect(recipe.name).toBe('Tomato & Basil Soup')
    expect(recipe.description).toBe('Bright and quick.')
    // Lines are parsed into amount, unit and food, the line as the page gave it kept beside them.
    expect(recipe.recipeIngredient.map((line) => line.originalText)).toEqual([
      '1 kg tomatoes',
      '2 tbsp olive oil',
      'a handful of basil',
    ])
    // A food the group lacks is created as the seed list of the recipe's language names it: one tomato, its plural.
    expect(recipe.recipeIngredient.slice(0, 2).map((line) => [line.quantity, line.food?.name])).toEqual([
      [1, 'tomato'],
      [2, 'olive oil'],
    ])
    expect(recipe.recipeInstructions.map((step) => [step.title, step.text])).toEqual([
      ['The soup', 'Chop the tomatoes.'],
      ['', 'Simmer for an hour.'],
      ['To serve', 'Tear the basil over.'],
    ])
    expect(recipe.recipeServings).toBe(4)
    expect([recipe.totalTime, recipe.prepTime, recipe.performTime]).toEqual([
      '1 hour 30 minutes',
      '10 minutes',
      '1 hour 20 minutes',
    ])
    expect(recipe.nutrition).toMatchObject({ calories: '120', sodiumContent: '1200' })
    expect(recipe.orgURL).toBe(`${origin}/soup`)
    // The relative picture address was resolved against the page and stored in its three sizes.
    expect(recipe.image).toMatch(/^[A-Za-z0-9_-]{4}$/)
    const files = await fs.readdir(`${dataDirectory}/media/recipes/${recipe.id}/images`)
    expect(files.sort()).toEqual(['min-original.webp', 'original.webp', 'tiny-original.webp'])
    // Keywords and categories only when asked for; the normal create path's timeline event is there.
    expect(recipe.tags).toEqual([])
    expect(recipe.recipeCategory).toEqual([])
    const events = await testApp.sql`select subject from recipe_timeline_events where recipe_id = ${recipe.id}`
    expect(events.map((event) => event.subject)).toEqual(['Recipe Created'])
  })

  it('turns keywords into tags and categories into categories when asked, in camelCase and snake_case alike', async () => {
    const organizer = await testApp.make.user({ canOrganize: true })
    const camel = await importUrl(organizer, { url: `${origin}/soup`, includeTags: true, includeCategories: true })
    const snake = await importUrl(organizer, { url: `${origin}/soup`, include_tags: true, include_categories: true })
    expect([camel.statusCode, snake.statusCode]).toEqual([201, 201])
    expect(snake.json()).toBe('tomato-basil-soup-1')
    for (const slug of [camel.json<string>(), snake.json<string>()]) {
      const recipe = await read(organizer, slug)
      expect(recipe.tags.map((tag) => tag.name).sort()).toEqual(['Summer supper', 'soup'])
      expect(recipe.recipeCategory.map((category) => category.slug)).toEqual(['starter'])
    }
    // The second import reused the tags the first created.
    const [tags] = await testApp.sql`select count(*)::int as count from tags where group_id = ${organizer.groupId}`
    expect(tags!.count).toBe(2)
  })

  it('leaves out keywords a member who may not organize would have to create, and still imports', async () => {
    const member = await testApp.make.user({ canOrganize: false })
    const answer = await importUrl(member, { url: `${origin}/soup`, includeTags: true })
    expect(answer.statusCode, answer.body).toBe(201)
    expect((await read(member, answer.json())).tags).toEqual([])
  })

  it('finds the address inside shared text and follows a redirect on the same site', async () => {
    const member = await testApp.make.user()
    const answer = await importUrl(member, { url: `Look at this one! ${origin}/moved (from my phone)` })
    expect(answer.statusCode, answer.body).toBe(201)
    expect((await read(member, answer.json())).orgURL).toBe(`${origin}/soup`)
  })

  it('reads broken JSON-LD, microdata and an ISO-8859-1 page', async () => {
    const member = await testApp.make.user()
    const broken = await read(member, (await importUrl(member, { url: `${origin}/broken` })).json())
    expect(broken.name).toBe('Broken but good')
    expect(broken.recipeIngredient.map((line) => line.originalText)).toEqual(['1 egg', '2 cups flour'])
    expect(broken.recipeInstructions.map((step) => step.text)).toEqual(['Beat the egg.', 'Fold in the flour.'])

    const pancakes = await read(member, (await importUrl(member, { url: `${origin}/microdata` })).json())
    expect(pancakes.name).toBe('Plain Pancakes')
    expect(pancakes.recipeIngredient.map((line) => line.originalText)).toEqual(['200 g flour', '2 eggs'])
    expect(pancakes.recipeInstructions.map((step) => step.text)).toEqual(['Whisk everything.', 'Fry in butter.'])
    expect(pancakes.recipeServings).toBe(8)

    const french = await read(member, (await importUrl(member, { url: `${origin}/latin1` })).json())
    expect(french.name).toBe('Crème brûlée')
    expect(french.recipeIngredient[0]!.originalText).toBe('20 cl crème fraîche')
  })

  it('saves the recipe without its picture when the picture cannot be fetched', async () => {
    const member = await testApp.make.user()
    const answer = await importUrl(member, { url: `${origin}/lost-picture` })
    expect(answer.statusCode, answer.body).toBe(201)
    const recipe = await read(member, answer.json())
    expect(recipe.image).toBeNull()
    expect(recipe.recipeIngredient).toHaveLength(1)
  })

  it('imports a page with only OpenGraph data as a named recipe with no ingredients', async () => {
    const member = await testApp.make.user()
    const answer = await importUrl(member, { url: `${origin}/og-only` })
    expect(answer.statusCode, answer.body).toBe(201)
    const recipe = await read(member, answer.json())
    expect([recipe.name, recipe.recipeIngredient.length]).toEqual(['Grandma’s stew', 0])
  })

  it('answers each failure with its own status and message, and creates nothing', async () => {
    const member = await testApp.make.user()
    const cases: Array<[string, number, RegExp]> = [
      [`${origin}/to-private`, 400, /not on the public internet/],
      ['http://169.254.169.254/latest/meta-data/', 400, /not on the public internet/],
      [`${origin}/huge`, 400, /larger than 5 MB/],
      [`${origin}/slow`, 408, /^Recipe Scraping Timed Out$/],
      [`${origin}/feed.json`, 400, /not a web page \(it answered application\/json\)/],
      [`${origin}/no-recipe`, 400, /No recipe was found/],
      [`${origin}/gone`, 400, /answered 404/],
      [`${closedOrigin}/recipe`, 502, /could not be reached/],
      ['just some words', 400, /No web address/],
      ['ftp://example.com/recipe', 400, /No web address/],
    ]
    for (const [url, status, message] of cases) {
      const answer = await testApp.api.call(createRecipeFromUrl, { as: member, body: { url } })
      expect([url, answer.status], answer.text).toEqual([url, status])
      expect(answer.text).toMatch(/"error":true/)
      expect((answer.body as unknown as { detail: { message: string } }).detail.message).toMatch(message)
    }
    expect(await recipeCount(member)).toBe(0)
  })

  it('refuses bad bodies with 422 and strangers with 401', async () => {
    const member = await testApp.make.user()
    for (const body of [
      {},
      { url: '' },
      { url: 42 },
      { url: 'x'.repeat(4001) },
      { url: `${origin}/soup`, includeTags: 'yes' },
    ]) {
      expect((await importUrl(member, body)).statusCode).toBe(422)
    }
    const anonymous = await testApp.api.call(createRecipeFromUrl, { body: { url: `${origin}/soup` } })
    expect(anonymous.status).toBe(401)
    expect(await recipeCount(member)).toBe(0)
  })

  it('gives parallel imports of one page distinct slugs', async () => {
    const member = await testApp.make.user()
    const answers = await Promise.all([1, 2, 3, 4].map(() => importUrl(member, { url: `${origin}/microdata` })))
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201])
    expect(new Set(answers.map((answer) => answer.json<string>())).size).toBe(4)
  })
})

describe('POST /api/recipes/create/html-or-json', () => {
  it('wraps a schema.org object as JSON-LD, reads HTML as a page, and resolves pictures against the given url', async () => {
    const member = await testApp.make.user()
    const json = await testApp.api.call(createRecipeFromHtmlOrJson, {
      as: member,
      body: { data: JSON.stringify({ '@type': 'Recipe', name: 'Pasted', recipeIngredient: ['1 lime'] }) },
    })
    expect(json.status, json.text).toBe(201)
    expect((await read(member, json.body as string)).recipeIngredient[0]!.originalText).toBe('1 lime')

    const html = await testApp.api.call(createRecipeFromHtmlOrJson, {
      as: member,
      body: { data: ldPage(soup), url: `${origin}/somewhere/else` },
    })
    expect(html.status, html.text).toBe(201)
    const recipe = await read(member, html.body as string)
    expect(recipe.orgURL).toBe(`${origin}/somewhere/else`)
    expect(recipe.image).not.toBeNull()
  })

  it('answers 400 for text with no recipe and 422 for no data', async () => {
    const member = await testApp.make.user()
    const none = await testApp.api.call(createRecipeFromHtmlOrJson, { as: member, body: { data: '<p>hello</p>' } })
    expect(none.status).toBe(400)
    const missing = await testApp.api.call(createRecipeFromHtmlOrJson, { as: member, body: { data: '' } })
    expect(missing.status).toBe(422)
    expect(await recipeCount(member)).toBe(0)
  })
})

describe('POST /api/recipes/test-scrape-url', () => {
  it('shows where the recipe was found, the node as written and the draft, saving nothing', async () => {
    const member = await testApp.make.user()
    const answer = await testApp.api.ok(testScrapeUrl, { as: member, body: { url: `${origin}/soup` } })
    expect(answer.source).toBe('json-ld')
    expect((answer.raw as { name: string }).name).toBe('Tomato &amp; Basil <b>Soup</b>')
    expect(answer.recipe).toMatchObject({ name: 'Tomato & Basil Soup', imageUrl: `${origin}/photo.png` })
    expect(await recipeCount(member)).toBe(0)
  })
})

/** The events of a text/event-stream body. */
function eventsOf(text: string) {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1]
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, string>
      return { event, data }
    })
}

describe('the streaming creates', () => {
  it('stream progress, then done with the slug', async () => {
    const member = await testApp.make.user()
    const answer = await testApp.api.call(createRecipeFromUrlStream, {
      as: member,
      body: { url: `${origin}/microdata` },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/)
    const events = eventsOf(answer.text)
    expect(events.slice(0, -1).every((event) => event.event === 'progress' && event.data.message)).toBe(true)
    expect(events.at(-1)).toEqual({ event: 'done', data: { slug: 'plain-pancakes' } })
    expect(await recipeCount(member)).toBe(1)
  })

  it('end with an error event that says what went wrong', async () => {
    const member = await testApp.make.user()
    const page = await testApp.api.call(createRecipeFromUrlStream, { as: member, body: { url: `${origin}/no-recipe` } })
    expect(eventsOf(page.text).at(-1)).toEqual({
      event: 'error',
      data: { message: 'No recipe was found on this page' },
    })
    const pasted = await testApp.api.call(createRecipeFromHtmlOrJsonStream, { as: member, body: { data: '<p>hi</p>' } })
    expect(eventsOf(pasted.text).at(-1)?.event).toBe('error')
    expect(await recipeCount(member)).toBe(0)
  })
})

describe('POST /api/recipes/create/url/bulk', () => {
  it('answers 202 with a report that gets one entry per URL, failures included, and ends partial', async () => {
    const member = await testApp.make.user({ canOrganize: true })
    const answer = await testApp.api.call(createRecipesFromUrls, {
      as: member,
      body: {
        imports: [
          { url: `${origin}/soup`, tags: [{ name: 'Weeknight' }], categories: [{ name: 'Soups' }] },
          { url: `${closedOrigin}/down` },
          { url: `${origin}/no-recipe` },
          { url: `${origin}/microdata` },
        ],
      },
    })
    expect(answer.status, answer.text).toBe(202)
    const { reportId } = answer.body as { reportId: string }

    // The site that is down is tried three times (2 s and 4 s apart) before its entry is written.
    let report = await testApp.api.ok(getReport, { as: member, params: { id: reportId } })
    for (let waited = 0; report.status === 'in-progress' && waited < 30_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      report = await testApp.api.ok(getReport, { as: member, params: { id: reportId } })
    }
    expect(report).toMatchObject({ category: 'bulk_import', name: 'Bulk Import', status: 'partial' })
    expect(report.entries.map((entry) => [entry.success, entry.message])).toEqual([
      [true, 'Successfully imported recipe Tomato & Basil Soup'],
      [false, `failed to scrape url ${closedOrigin}/down`],
      [false, `failed to scrape url ${origin}/no-recipe`],
      [true, 'Successfully imported recipe Plain Pancakes'],
    ])
    // Each success names the recipe it made, so the report links to it; each failure says why, as a sentence.
    expect(report.entries.map((entry) => entry.recipeSlug)).toEqual(['tomato-basil-soup', null, null, 'plain-pancakes'])
    expect(report.entries[1]!.exception).toBe('The site could not be reached. Try this address again later.')
    expect(report.entries[2]!.exception).toBe('No recipe was found on this page')
    // The line's own organizers replace the page's keywords.
    const soupRecipe = await read(member, 'tomato-basil-soup')
    expect(soupRecipe.tags.map((tag) => tag.name)).toEqual(['Weeknight'])
    expect(soupRecipe.recipeCategory.map((category) => category.name)).toEqual(['Soups'])
    expect(await recipeCount(member)).toBe(2)
  }, 40_000)

  it('refuses an empty list and a line without a URL (422), in snake_case too, starting nothing', async () => {
    const member = await testApp.make.user()
    for (const body of [{ imports: [] }, { imports: [{ tags: [] }] }, {}]) {
      const answer = await testApp.app.inject({
        method: 'POST',
        url: '/api/recipes/create/url/bulk',
        headers: { authorization: testApp.api.authorization(member), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      expect(answer.statusCode).toBe(422)
    }
    const [reports] =
      await testApp.sql`select count(*)::int as count from group_reports where group_id = ${member.groupId}`
    expect(reports!.count).toBe(0)
  })
})
