import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { apiToken, callApi, defaultAdmin, json, larderUrl, seedRecipe } from './session.js'

const group = 'home'
/** Where the screenshots of the visitor's pages go, to be looked at (not compared). */
const shots = process.env.LARDER_SHOTS_DIR ?? '/tmp/shots-visitor'

/** Signed out: a browser without any session, as a visitor following a shared link. */
async function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  return openPage(browser, larderUrl(), options)
}

async function waitForExplorerCard(page: Page, name: string) {
  await page.getByRole('link', { name, exact: true }).first().waitFor()
}

describe('a signed-out visitor of a public group', () => {
  let browser: Browser
  let token: string
  let groupPreferences: Record<string, unknown>
  let householdPreferences: Record<string, unknown>
  const suffix = Date.now().toString(36)
  const publicName = `Visitor Borscht ${suffix}`
  const privateName = `Private Goulash ${suffix}`
  let publicSlug: string
  let privateSlug: string

  before(async () => {
    browser = await launchBrowser()
    token = await apiToken(defaultAdmin.email, defaultAdmin.password)
    groupPreferences = await json(await callApi(token, 'GET', '/api/groups/preferences'), 200, 'group preferences')
    householdPreferences = await json(
      await callApi(token, 'GET', '/api/households/preferences'),
      200,
      'household preferences',
    )
    await json(
      await callApi(token, 'PUT', '/api/groups/preferences', { privateGroup: false }),
      200,
      'opening the group',
    )
    await json(
      await callApi(token, 'PUT', '/api/households/preferences', { ...householdPreferences, privateHousehold: false }),
      200,
      'opening the household',
    )
    publicSlug = await seedRecipe(token, publicName, {
      description: 'Beetroot soup for anyone',
      recipeIngredient: [
        { quantity: 3, note: 'beetroots', referenceId: '44444444-4444-4444-8444-444444444444' },
        { quantity: 1, note: 'onion', referenceId: '55555555-5555-4555-8555-555555555555' },
      ],
      recipeInstructions: [{ text: 'Simmer the beetroots.', ingredientReferences: [] }],
    })
    const read = async (slug: string) =>
      json<{ settings: Record<string, unknown> }>(await callApi(token, 'GET', `/api/recipes/${slug}`), 200, slug)
    const soup = await read(publicSlug)
    await json(
      await callApi(token, 'PATCH', `/api/recipes/${publicSlug}`, { settings: { ...soup.settings, public: true } }),
      200,
      'making the soup public',
    )
    privateSlug = await seedRecipe(token, privateName)
    const stew = await read(privateSlug)
    await json(
      await callApi(token, 'PATCH', `/api/recipes/${privateSlug}`, { settings: { ...stew.settings, public: false } }),
      200,
      'keeping the goulash private',
    )
    await mkdir(shots, { recursive: true })
  })

  after(async () => {
    await browser.close()
    for (const slug of [publicSlug, privateSlug]) if (slug) await callApi(token, 'DELETE', `/api/recipes/${slug}`)
    // Later test files find the group and household as they would without this one.
    await json(
      await callApi(token, 'PUT', '/api/households/preferences', householdPreferences),
      200,
      'restoring household preferences',
    )
    await json(
      await callApi(token, 'PUT', '/api/groups/preferences', { privateGroup: groupPreferences.privateGroup }),
      200,
      'restoring group preferences',
    )
  })

  it('explores, searches and reads a public recipe without any edit action', { timeout: 120_000 }, async () => {
    const { page, context } = await visitor(browser)
    try {
      await page.goto(`/g/${group}`)
      await waitForExplorerCard(page, publicName)
      assert.equal(await page.getByRole('link', { name: privateName, exact: true }).count(), 0)
      assert.equal(new URL(page.url()).pathname, `/g/${group}`)
      await page.getByTestId('visitor-sign-in').waitFor()

      await page.getByRole('searchbox').fill('borscht')
      await page.waitForURL((url) => url.searchParams.get('search') === 'borscht')
      await waitForExplorerCard(page, publicName)

      await page.getByRole('link', { name: publicName, exact: true }).first().click()
      await page.waitForURL((url) => url.pathname === `/g/${group}/r/${publicSlug}`)
      await page.getByRole('heading', { level: 1, name: publicName }).waitFor()
      await page.getByText('beetroots', { exact: false }).first().waitFor()
      assert.equal(await page.getByRole('button', { name: 'Recipe actions' }).count(), 0)
      assert.equal(await page.getByRole('button', { name: /edit/i }).count(), 0)
      assert.equal(await page.getByRole('link', { name: /edit/i }).count(), 0)
      await page.getByRole('button', { name: 'Cook' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('is sent to sign in for a private recipe, and comes back to it afterwards', { timeout: 60_000 }, async () => {
    const { page, context } = await visitor(browser)
    try {
      await page.goto(`/g/${group}/r/${privateSlug}`)
      await page.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('redirect') === `/g/${group}/r/${privateSlug}`,
      )
      await page.getByTestId('login-username').waitFor()
    } finally {
      await context.close()
    }
  })

  it('gets link previews: OpenGraph and schema.org data for the explorer and a public recipe', async () => {
    const explorer = await (await fetch(`${larderUrl()}/g/${group}`)).text()
    assert.match(explorer, /<meta property="og:type" content="website">/)
    assert.match(explorer, /"@type":"ItemList"/)
    const recipe = await (await fetch(`${larderUrl()}/g/${group}/r/${publicSlug}`)).text()
    assert.match(recipe, new RegExp(`<meta property="og:title" content="${publicName}">`))
    assert.match(recipe, /"@type":"Recipe"/)
    const hidden = await (await fetch(`${larderUrl()}/g/${group}/r/${privateSlug}`)).text()
    assert.doesNotMatch(hidden, /og:title/)
  })

  it('looks right at 375 and 1280 px, light and dark (screenshots to look at)', { timeout: 180_000 }, async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [375, 1280]) {
        const { page, context } = await visitor(browser, { viewport: { width, height: 900 }, colorScheme })
        try {
          await page.goto(`/g/${group}`)
          // The app's own screen, not the server's drawing before it (which has no Login button).
          await page.getByTestId('visitor-sign-in').waitFor()
          await page.locator('#first-paint').waitFor({ state: 'detached' })
          await waitForExplorerCard(page, publicName)
          await page.screenshot({ path: `${shots}/explorer-${width}-${colorScheme}.png` })
          await page.goto(`/g/${group}/r/${publicSlug}`)
          await page.getByRole('heading', { level: 1, name: publicName }).waitFor()
          await page.getByText('beetroots', { exact: false }).first().waitFor()
          await page.getByTestId('visitor-sign-in').waitFor()
          await page.screenshot({ path: `${shots}/recipe-${width}-${colorScheme}.png`, fullPage: true })
        } finally {
          await context.close()
        }
      }
    }
  })
})
