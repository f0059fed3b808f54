import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { larderUrl, signInThroughForm } from './session.js'

describe('signing in and out', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it('sends a visitor of a protected page to sign in, and back to that page afterwards', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/household/members?tab=all')
    await page.waitForURL((url) => url.pathname === '/login')
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/household/members?tab=all')

    await signInThroughForm(page)
    await page.waitForURL((url) => url.pathname === '/household/members')
    assert.equal(new URL(page.url()).search, '?tab=all')
    await context.close()
  })

  it("shows the server's message when the password is wrong", async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/login')
    await signInThroughForm(page, 'changeme@example.com', 'not the password')
    await page.getByText('Wrong username, email or password').first().waitFor()
    assert.equal(new URL(page.url()).pathname, '/login')
    await context.close()
  })

  it('signs out from the user menu and keeps protected pages closed afterwards', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/login?redirect=/shopping-lists')
    await signInThroughForm(page)
    await page.waitForURL((url) => url.pathname === '/shopping-lists')
    await page.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.goto('/shopping-lists')
    await page.waitForURL((url) => url.pathname === '/login')
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/shopping-lists')
    await context.close()
  })
})
