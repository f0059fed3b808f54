import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { apiToken, callApi, defaultAdmin, larderUrl, signInThroughForm } from './session.js'

const group = 'home'

/** A recipe page as a blog publishes one: the recipe in JSON-LD inside an @graph, the rest of the page around it. */
const recipePage = (name: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${name} | A blog</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebPage', name: 'A blog' },
    {
      '@type': 'Recipe',
      name,
      recipeYield: '4 servings',
      totalTime: 'PT45M',
      recipeIngredient: ['2 cups basmati rice', '1 tbsp butter', '3 cardamom pods'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Rinse the rice until the water runs clear.' },
        { '@type': 'HowToStep', text: 'Simmer with the butter and cardamom for 15 minutes.' },
      ],
    },
  ],
})}</script></head><body><h1>${name}</h1><p>A long story about rice.</p></body></html>`

async function signedIn(browser: Browser, path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(browser, larderUrl())
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`)
  await signInThroughForm(page)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
  return { page, close: () => context.close() }
}

describe('import', () => {
  let browser: Browser
  let site: Server
  let siteUrl: string

  before(async () => {
    browser = await launchBrowser()
    site = createServer((request, response) => {
      if (request.url === '/cardamom-rice/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(recipePage('Cardamom Rice'))
      } else {
        response.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  })

  after(async () => {
    await browser.close()
    await new Promise((resolve) => site.close(resolve))
  })

  it(
    'imports a recipe from a web page pasted as shared text, with its ingredients parsed',
    { timeout: 90_000 },
    async () => {
      const { page, close } = await signedIn(browser, `/g/${group}/r/create/url`)
      await page.getByLabel('Recipe URL').fill(`Look at this one! ${siteUrl}/cardamom-rice/`)
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await page.waitForURL((url) => url.pathname === `/g/${group}/r/cardamom-rice`, { timeout: 30_000 })
      await page.getByRole('heading', { name: 'Cardamom Rice' }).first().waitFor()
      await page.getByText('Rinse the rice until the water runs clear.').waitFor()

      const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
      const recipe = (await (await callApi(token, 'GET', '/api/recipes/cardamom-rice')).json()) as {
        recipeIngredient: { originalText: string; quantity: number; food: { name: string } | null }[]
      }
      assert.deepEqual(
        recipe.recipeIngredient.map((line) => line.originalText),
        ['2 cups basmati rice', '1 tbsp butter', '3 cardamom pods'],
      )
      assert.equal(recipe.recipeIngredient[0]?.quantity, 2)
      assert.match(recipe.recipeIngredient[0]?.food?.name ?? '', /basmati rice/)
      assert.equal((await callApi(token, 'DELETE', '/api/recipes/cardamom-rice')).status, 200)
      await close()
    },
  )

  it('says why a page without a recipe could not be imported', { timeout: 60_000 }, async () => {
    const { page, close } = await signedIn(browser, `/g/${group}/r/create/url`)
    await page.getByLabel('Recipe URL').fill(`${siteUrl}/missing/`)
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByText('The recipe could not be imported').waitFor({ timeout: 30_000 })
    assert.equal(new URL(page.url()).pathname, `/g/${group}/r/create/url`)
    await close()
  })
})
