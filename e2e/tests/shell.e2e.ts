import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { larderUrl, signInThroughForm } from './session.js'

describe('the web shell', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it('answers an unknown page with "Page Not Found" and its path', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/no/such/page')
    await page.getByText('Page Not Found: /no/such/page').waitFor()
    await context.close()
  })

  it('sends /r/create/url to the sign-in page without a session, and into the group with one', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/r/create/url?recipe_import_url=https%3A%2F%2Fexample.com%2Fsoup')
    await page.waitForURL((url) => url.pathname === '/login')

    await signInThroughForm(page)
    await page.waitForURL((url) => url.pathname !== '/login')
    await page.goto('/r/create/url?recipe_import_url=https%3A%2F%2Fexample.com%2Fsoup')
    await page.waitForURL((url) => url.pathname === '/g/home/r/create/url')
    assert.equal(new URL(page.url()).searchParams.get('recipe_import_url'), 'https://example.com/soup')
    await context.close()
  })

  it('keeps the dark theme a person chose across a reload', async () => {
    const { page, context } = await openPage(browser, larderUrl(), { colorScheme: 'light' })
    await page.goto('/login')
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme')
    const toggle = page.getByRole('button', { name: 'Toggle dark mode' })
    await toggle.waitFor()
    assert.equal(await scheme(), 'light')
    await toggle.click()
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark')
    await page.reload()
    await page.getByRole('button', { name: 'Toggle dark mode' }).waitFor()
    assert.equal(await scheme(), 'dark')
    await context.close()
  })

  it('lays the page out right to left in Hebrew', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await context.addCookies([{ name: 'locale', value: 'he-IL', url: larderUrl() }])
    await page.goto('/login')
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    assert.equal(await page.locator('html').getAttribute('lang'), 'he-IL')
    await context.close()
  })

  it('reloads when the server has a new build', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.clock.install()
    await page.goto('/login')
    await page.getByTestId('login-username').waitFor()
    await page.evaluate(() => {
      ;(window as unknown as { beforeUpdate: boolean }).beforeUpdate = true
    })
    await page.route('**/build-manifest.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }),
    )
    const reloaded = page.waitForEvent('load')
    await page.clock.fastForward(121_000)
    await reloaded
    assert.equal(await page.evaluate(() => 'beforeUpdate' in window), false)
    await context.close()
  })
})
