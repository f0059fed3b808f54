import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { larderUrl, signInThroughForm } from './session.js'

const newcomer = {
  username: 'grace',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  password: 'compiler-1952',
}

describe('registering with an invitation', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it('lets an invited person register, sign in and change their name', async () => {
    // The administrator makes an invitation link on their profile and copies it.
    const admin = await openPage(browser, larderUrl())
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: larderUrl() })
    await admin.page.goto('/login?redirect=/user/profile')
    await signInThroughForm(admin.page)
    await admin.page.waitForURL((url) => url.pathname === '/user/profile')
    await admin.page.getByTestId('invite-create').click()
    const linkField = admin.page.getByTestId('invite-link')
    await linkField.waitFor()
    await admin.page.getByRole('button', { name: 'Copy' }).click()
    // The clipboard is written asynchronously; wait for the link to be there rather than for the 1.5 s "Copied" flag.
    await admin.page.waitForFunction(async () => (await navigator.clipboard.readText()).includes('/register?token='))
    const invitation = await admin.page.evaluate(() => navigator.clipboard.readText())
    assert.equal(invitation, await linkField.inputValue())
    const invitationUrl = new URL(invitation)
    assert.equal(invitationUrl.origin + invitationUrl.pathname, `${larderUrl()}/register`)
    assert.ok(invitationUrl.searchParams.get('token'))
    await admin.context.close()

    // The newcomer opens the link: the wizard starts at the account step and names what the invitation joins.
    const { page, context } = await openPage(browser, larderUrl())
    await page.goto(invitation)
    await page.getByText('You are joining Family in Home.').waitFor()
    await page.getByLabel('Username').fill(newcomer.username)
    await page.getByLabel('Full name').fill(newcomer.fullName)
    await page.getByLabel('Email').fill(newcomer.email)
    await page.getByTestId('register-password').fill(newcomer.password)
    await page.getByTestId('register-password-confirm').fill(newcomer.password)
    await page.getByTestId('register-next').click()
    const summary = page.getByTestId('register-summary')
    await summary.getByText('Home', { exact: true }).waitFor()
    await summary.getByText('Family', { exact: true }).waitFor()
    await summary.getByText(newcomer.email).waitFor()
    await page.getByTestId('register-submit').click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText('Your account is ready. Sign in to start.').waitFor()
    // The sign-in form starts with the new account's email.
    assert.equal(await page.getByTestId('login-username').inputValue(), newcomer.email)

    // The link, once spent, is refused in words on the registration page.
    const spent = await openPage(browser, larderUrl())
    await spent.page.goto(invitation)
    await spent.page.getByText(/^This invitation is not valid/).waitFor()
    await spent.context.close()

    // They sign in with the new account and land in the inviting household's group.
    await signInThroughForm(page, newcomer.username, newcomer.password)
    await page.waitForURL((url) => url.pathname === '/g/home')

    // They change their name; it is saved and still there after a reload.
    await page.goto('/user/profile/edit')
    const fullName = page.getByLabel('Full name')
    await fullName.waitFor()
    assert.equal(await fullName.inputValue(), newcomer.fullName)
    await fullName.fill('Grace Brewster Hopper')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Profile saved').waitFor()
    await page.reload()
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[autocomplete="name"]')?.value === 'Grace Brewster Hopper',
    )
    await page.goto('/user/profile')
    await page.getByText('Grace Brewster Hopper').first().waitFor()
    await context.close()
  })
})
