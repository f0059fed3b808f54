import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../src/browser.js'
import { apiToken, callApi, createUserAsAdmin, defaultAdmin, json, seedRecipe, signedIn } from './session.js'

describe('bulk recipe actions', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it(
    'hands the selected recipes to another member: the server stores the new owner and the table shows it',
    { timeout: 120_000 },
    async () => {
      const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
      const suffix = randomUUID().slice(0, 6)
      const member = await createUserAsAdmin({
        username: `owner-${suffix}`,
        fullName: `Nell Owner ${suffix}`,
        email: `owner-${suffix}@example.com`,
        password: 'a long enough password',
      })
      const names = [`Owner Fig Jam ${suffix}`, `Owner Plum Tart ${suffix}`]
      const slugs = await Promise.all(names.map((name) => seedRecipe(token, name)))

      const { page, close } = await signedIn(browser, '/group/data/recipes')
      try {
        for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
        await page.getByRole('button', { name: 'Change (2)' }).click()
        await page.getByRole('menuitem', { name: 'Change owner' }).click()
        const dialog = page.getByRole('dialog', { name: 'Change owner' })
        await dialog.getByRole('combobox', { name: 'Owner' }).click()
        await page.getByRole('option', { name: `Nell Owner ${suffix}` }).click()
        await dialog.getByRole('button', { name: 'Apply to the selection (2)' }).click()
        await dialog.waitFor({ state: 'hidden' })

        // The selection stays for a next change; each row names the new owner once the table has asked again.
        await page.getByTestId('selection-bar').getByText('Selected: 2').waitFor()
        for (const name of names) {
          await page
            .getByRole('row')
            .filter({ has: page.getByRole('link', { name }) })
            .getByText(`Nell Owner ${suffix}`)
            .waitFor()
        }
        for (const slug of slugs) {
          const recipe = await json<{ userId: string }>(await callApi(token, 'GET', `/api/recipes/${slug}`), 200, slug)
          assert.equal(recipe.userId, member.id)
        }

        // Still so after a reload: read from the server, not from the page's cache.
        await page.reload()
        await page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: names[0] }) })
          .getByText(`Nell Owner ${suffix}`)
          .waitFor()
      } finally {
        await close()
        for (const slug of slugs) await callApi(token, 'DELETE', `/api/recipes/${slug}`)
      }
    },
  )
})
