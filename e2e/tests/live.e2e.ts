import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../src/browser.js'
import { apiToken, callApi, defaultAdmin, json, seedRecipe, signedIn } from './session.js'

describe('live updates', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it(
    'shows a recipe changed in one browser in another that has it open, without a reload',
    { timeout: 60_000 },
    async () => {
      const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
      const slug = await seedRecipe(token, 'Live Leek Soup', { description: 'Before the change' })
      const path = `/g/home/r/${slug}`
      const watcher = await signedIn(browser, path)
      const editor = await signedIn(browser, path)
      try {
        await watcher.page.getByText('Before the change').waitFor()
        await editor.page.getByText('Before the change').waitFor()
        let reloaded = false
        watcher.page.on('load', () => (reloaded = true))
        // The change is made through the other browser's session, as a person there saving the recipe would.
        const editorToken = await editor.page.evaluate(() => localStorage.getItem('larder.auth.token'))
        assert.ok(editorToken, 'the second browser is signed in')
        const changedAt = Date.now()
        await json(
          await callApi(editorToken, 'PATCH', `/api/recipes/${slug}`, { description: 'After the change' }),
          200,
          'changing the recipe',
        )
        await watcher.page.getByText('After the change').waitFor({ timeout: 5_000 })
        const shownAfterMs = Date.now() - changedAt
        assert.equal(reloaded, false, 'the page was not reloaded')
        assert.ok(shownAfterMs < 3_000, `shown after ${shownAfterMs} ms`)
      } finally {
        await watcher.close()
        await editor.close()
      }
    },
  )
})
