import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { apiToken, callApi, createUserAsAdmin, defaultAdmin, larderUrl, signInThroughForm } from './session.js'

describe('administration', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it('creates a household and a user, then moves the user into that household', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    // With `redirect`, the default administrator skips the first-run setup (whose credentials other tests use).
    await page.goto('/login?redirect=/admin/manage/households')
    await signInThroughForm(page)
    await page.waitForURL((url) => url.pathname === '/admin/manage/households')

    await page.getByRole('button', { name: 'Create household' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create household' })
    await dialog.getByLabel('Group').selectOption({ label: 'Home' })
    await dialog.getByLabel('Name').fill('Annex')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Household Annex created').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('row').filter({ hasText: 'Annex' }).getByRole('cell', { name: 'Home', exact: true }).waitFor()

    await page.goto('/admin/manage/users/create')
    const household = page.getByRole('combobox', { name: /^Household/ })
    const householdIs = (name: string) => household.and(page.locator(`select:has(option:checked[value="${name}"])`))
    // A new user starts in the administrator's own group and household.
    await householdIs('Family').waitFor()
    await page.getByLabel('Username').fill('linus')
    await page.getByLabel('Full name').fill('Linus Mover')
    await page.getByLabel('Email').fill('linus@example.com')
    await page.getByLabel(/^Password/).fill('moving-day-1')
    await page.getByRole('button', { name: 'Create user' }).click()
    await page.getByText('User linus created').waitFor()
    await page.waitForURL((url) => /^\/admin\/manage\/users\/[0-9a-f-]{36}$/.test(url.pathname))
    const userId = new URL(page.url()).pathname.split('/').pop()!
    await page.getByRole('heading', { name: 'Linus Mover' }).waitFor()
    await householdIs('Family').waitFor()

    await household.selectOption('Annex')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('User saved').waitFor()

    // The page shows what the server now holds, after a reload too.
    await page.reload()
    await page.getByRole('heading', { name: 'Linus Mover' }).waitFor()
    await householdIs('Annex').waitFor()
    assert.equal(await household.inputValue(), 'Annex')

    const response = await callApi(
      await apiToken(defaultAdmin.email, defaultAdmin.password),
      'GET',
      `/api/admin/users/${userId}`,
    )
    assert.equal(response.status, 200)
    const user = (await response.json()) as { household: string; group: string }
    assert.deepEqual({ group: user.group, household: user.household }, { group: 'Home', household: 'Annex' })
    await context.close()
  })

  it('keeps a person who is not an administrator out of /admin', async () => {
    const plain = { username: 'plain', fullName: 'Plain Member', email: 'plain@example.com', password: 'just-a-member' }
    await createUserAsAdmin(plain)

    const { page, context } = await openPage(browser, larderUrl())
    await page.goto('/login')
    await signInThroughForm(page, plain.username, plain.password)
    await page.waitForURL((url) => url.pathname === '/g/home')

    await page.goto('/admin/manage/users')
    await page.waitForURL((url) => url.pathname === '/g/home')
    await page.getByText('You are not allowed to open that page.').waitFor()
    assert.equal(await page.getByPlaceholder('Search by name, username or email').count(), 0)
    assert.equal(await page.getByRole('heading', { name: 'Users' }).count(), 0)

    // The server refuses as well.
    const token = await apiToken(plain.username, plain.password)
    assert.equal((await callApi(token, 'GET', '/api/admin/users')).status, 403)
    assert.equal((await callApi(token, 'GET', '/api/users/self')).status, 200)
    await context.close()
  })
})
