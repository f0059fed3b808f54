import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { createUserAsAdmin, larderUrl, signInThroughForm, waitForMail } from './session.js'

const forgetful = {
  username: 'forgetful',
  fullName: 'Fred Forgetful',
  email: 'fred@example.com',
  password: 'first-password',
}
const newPassword = 'second-password-42'

describe('resetting a forgotten password', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
    await createUserAsAdmin(forgetful)
  })
  after(async () => {
    await browser.close()
  })

  it('mails a reset link that sets a new password to sign in with', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    // The sign-in form stays on screen until the next page's chunk is in: wait for that page, not just its URL.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor()
    await page.getByLabel('Email').fill(forgetful.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByTestId('forgot-password-sent').waitFor()

    const mail = await waitForMail(forgetful.email)
    const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${larderUrl()}/reset-password?token=`))
    assert.ok(link, `no reset link in the mail:\n${mail.text}`)

    await page.goto(link)
    await page.getByRole('heading', { name: 'Reset password' }).waitFor()
    await page.getByLabel('Email').fill(forgetful.email)
    await page.getByTestId('new-password').fill(newPassword)
    await page.getByTestId('new-password-confirm').fill(newPassword)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText('Your password was changed. Sign in with the new one.').waitFor()

    // The old password no longer works; the new one does.
    await signInThroughForm(page, forgetful.email, forgetful.password)
    await page.getByText('Wrong username, email or password').first().waitFor()
    await signInThroughForm(page, forgetful.email, newPassword)
    await page.waitForURL((url) => url.pathname === '/g/home')
    await page.getByRole('button', { name: 'User menu' }).waitFor()

    // The link works once.
    await page.goto(link)
    await page.getByRole('heading', { name: 'Reset password' }).waitFor()
    await page.getByLabel('Email').fill(forgetful.email)
    await page.getByTestId('new-password').fill('third-password-43')
    await page.getByTestId('new-password-confirm').fill('third-password-43')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page
      .getByText(/invalid|expired/i)
      .first()
      .waitFor()
    assert.equal(new URL(page.url()).pathname, '/reset-password')
    await context.close()
  })
})
