import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { openPage } from '../src/browser.js'
import { launchBrowser } from '../src/browser.js'
import { apiToken, callApi, createUserAsAdmin, defaultAdmin, json, larderUrl, signInThroughForm } from './session.js'

interface Item {
  id: string
  note: string
  checked: boolean
}
interface List {
  id: string
  listItems: Item[]
}

/** A phone: the shopping list is used in a shop, on one. */
const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }

/** Opens `path` signed in as `email`, on a phone, with the service worker on (what makes the offline reload work). */
async function phoneSignedIn(browser: Browser, path: string, email: string, password: string) {
  const { page, context } = await openPage(browser, larderUrl(), { ...phone, serviceWorkers: 'allow' })
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`)
  await signInThroughForm(page, email, password)
  await page.waitForURL((url) => url.pathname === path)
  return { page, context }
}

const row = (page: Page, text: string) => page.getByTestId('shopping-item').filter({ hasText: text })

describe('a shopping list, live and offline (issue #32)', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it(
    'shows a check in the other browser within a second, keeps working offline through a reload, and agrees afterwards; a list made offline is usable at once',
    { timeout: 180_000 },
    async () => {
      const suffix = randomBytes(3).toString('hex')
      const mate = {
        username: `mate-${suffix}`,
        fullName: `Robin Mate`,
        email: `mate-${suffix}@example.com`,
        password: `Mate-${suffix}-password`,
      }
      await createUserAsAdmin(mate)
      const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
      const list = await json<List>(
        await callApi(token, 'POST', '/api/households/shopping/lists', { name: `Market ${suffix}` }),
        201,
        'creating the list',
      )
      for (const note of ['milk', 'bread', 'eggs']) {
        await json(
          await callApi(token, 'POST', '/api/households/shopping/items', {
            shoppingListId: list.id,
            note,
            quantity: 1,
          }),
          201,
          `adding ${note}`,
        )
      }
      const path = `/shopping-lists/${list.id}`
      const a = await phoneSignedIn(browser, path, defaultAdmin.email, defaultAdmin.password)
      const b = await phoneSignedIn(browser, path, mate.email, mate.password)
      try {
        for (const page of [a.page, b.page]) await row(page, 'milk').waitFor()

        // Who is here: the mate's page sees the administrator, who opened the list first.
        await b.page.getByRole('group', { name: 'Also on this list now' }).getByRole('img').first().waitFor()

        // The service worker controls A's page before it goes offline (its shell must load without a network).
        await a.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })

        // Live: a check in A shows in B within a second (it goes to B's "checked" section).
        // Timed from the server's answer to A's write to B showing it (the click's own time is the browser's).
        const written = a.page.waitForResponse(
          (response) => response.request().method() === 'PUT' && response.url().includes('/shopping/items'),
        )
        await a.page.getByRole('checkbox', { name: 'milk' }).click()
        await written
        const checkedAt = Date.now()
        await b.page.getByText('1 item checked').waitFor({ timeout: 5_000 })
        const liveMs = Date.now() - checkedAt
        console.log(`check shown in the other browser after ${liveMs} ms`)
        // The second holds on a quiet machine (the browser's time included; bench:shopping measures the
        // server's part: p95 71 ms embedded). CI runs this beside the whole API suite on two cores, so the bound
        // here is the recipe page's live e2e's: a stream that polls instead (every 10 s) fails it.
        assert.ok(liveMs < 3_000, `the check reached the other browser after ${liveMs} ms`)

        // Offline in A: add, edit and check lines; they show at once and wait.
        await a.context.setOffline(true)
        await a.page.getByText('Offline', { exact: true }).waitFor()
        const add = a.page.getByRole('combobox', { name: 'Add an item' })
        await add.fill('apples')
        await add.press('Enter')
        await row(a.page, 'apples').waitFor()
        await a.page.getByRole('button', { name: 'Edit bread' }).click()
        const editor = a.page.getByRole('dialog', { name: 'Edit the item' })
        await editor.getByRole('textbox', { name: 'Note' }).fill('rye bread')
        await editor.getByRole('button', { name: 'Save' }).click()
        await row(a.page, 'rye bread').waitFor()
        await a.page.getByRole('checkbox', { name: 'eggs' }).click()
        await a.page.getByText('3 changes waiting').waitFor()

        // Reload with no network: the page comes from the service worker, the list and its changes from the device.
        await a.page.waitForTimeout(1_500) // the kept answers are saved on a 1 s throttle
        await a.page.reload()
        await a.page.getByRole('heading', { name: `Market ${suffix}` }).waitFor()
        await row(a.page, 'apples').waitFor()
        await row(a.page, 'rye bread').waitFor()
        await a.page.getByText('3 changes waiting').waitFor()
        await a.page.getByText('Offline', { exact: true }).waitFor()
        await a.page.getByText('2 items checked').waitFor()
        // Nothing of it reached the server or the other browser yet.
        const before = await json<List>(
          await callApi(token, 'GET', `/api/households/shopping/lists/${list.id}`),
          200,
          'reading the list',
        )
        assert.deepEqual(before.listItems.map((item) => item.note).sort(), ['bread', 'eggs', 'milk'])

        // Back online: the changes are sent, and both browsers agree with the server.
        await a.context.setOffline(false)
        await a.page.getByTestId('waiting-changes').waitFor({ state: 'detached', timeout: 15_000 })
        const server = await json<List>(
          await callApi(token, 'GET', `/api/households/shopping/lists/${list.id}`),
          200,
          'reading the list',
        )
        const byNote = new Map(server.listItems.map((item) => [item.note, item.checked]))
        assert.deepEqual([...byNote.entries()].sort(), [
          ['apples', false],
          ['eggs', true],
          ['milk', true],
          ['rye bread', false],
        ])
        for (const page of [a.page, b.page]) {
          await row(page, 'apples').waitFor({ timeout: 10_000 })
          await row(page, 'rye bread').waitFor({ timeout: 10_000 })
          await page.getByText('2 items checked').waitFor({ timeout: 10_000 })
          assert.equal(await row(page, 'bread').filter({ hasNotText: 'rye' }).count(), 0)
        }

        // A list created offline shows at once, opens, takes a line, and is made with both once online.
        await a.context.setOffline(true)
        await a.page.getByRole('link', { name: 'Shopping lists' }).first().click()
        await a.page.getByRole('button', { name: 'Create a list' }).click()
        const naming = a.page.getByRole('dialog', { name: 'Create a shopping list' })
        await naming.getByRole('textbox', { name: 'Name' }).fill(`Corner ${suffix}`)
        await naming.getByRole('button', { name: 'Create a list' }).click()
        await a.page.getByRole('link', { name: `Corner ${suffix}` }).click()
        await a.page.getByRole('heading', { name: `Corner ${suffix}` }).waitFor()
        const addToNew = a.page.getByRole('combobox', { name: 'Add an item' })
        await addToNew.fill('stamps')
        await addToNew.press('Enter')
        await row(a.page, 'stamps').waitFor()
        await a.page.getByText('2 changes waiting').waitFor()
        const createdId = new URL(a.page.url()).pathname.split('/').at(-1)!
        await a.context.setOffline(false)
        await a.page.getByTestId('waiting-changes').waitFor({ state: 'detached', timeout: 15_000 })
        const corner = await json<List & { name: string }>(
          await callApi(token, 'GET', `/api/households/shopping/lists/${createdId}`),
          200,
          'reading the list made offline',
        )
        assert.equal(corner.name, `Corner ${suffix}`)
        assert.deepEqual(
          corner.listItems.map((item) => item.note),
          ['stamps'],
        )
      } finally {
        await a.context.close()
        await b.context.close()
      }
    },
  )
})
