import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { testIdpAccounts, testIdpName } from '../src/test-idp-accounts.js'
import { larderUrl } from './session.js'

describe('signing in with OpenID Connect', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it('signs a person in through the local identity provider and back into Larder', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/login')
    // The password form stays next to the provider's button (OIDC_AUTO_REDIRECT is off).
    await page.getByTestId('login-username').waitFor()
    await page.getByRole('link', { name: `Sign in with ${testIdpName}` }).click()

    // The provider's own login page, on another port.
    await page.waitForURL((url) => url.origin !== larderUrl() && url.pathname.startsWith('/interaction/'))
    await page.getByLabel('Username').fill('ada')
    await page.getByLabel('Password').fill(testIdpAccounts.ada.password)
    await page.getByRole('button', { name: 'Continue' }).click()

    // Back at Larder's /login with the code; the page finishes the sign-in and moves into the app.
    await page.waitForURL((url) => url.origin === larderUrl() && url.pathname !== '/login')
    await page.getByRole('button', { name: 'User menu' }).waitFor()

    const response = await page.request.get('/api/users/self')
    assert.equal(response.status(), 200)
    const self = (await response.json()) as { email: string; fullName: string; authMethod: string; admin: boolean }
    assert.equal(self.email, testIdpAccounts.ada.claims.email)
    assert.equal(self.fullName, testIdpAccounts.ada.claims.name)
    assert.equal(self.authMethod, 'OIDC')
    assert.equal(self.admin, false)
    await context.close()
  })
})
