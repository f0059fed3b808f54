import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import yauzl from 'yauzl'
import { launchBrowser } from '../src/browser.js'
import { apiToken, callApi, defaultAdmin, json, seedRecipe, signedIn } from './session.js'

/** The entries of a zip: name → bytes. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error)
      const entries = new Map<string, Buffer>()
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            archive.readEntry()
          })
        })
      })
      archive.on('end', () => resolve(entries))
      archive.on('error', reject)
      archive.readEntry()
    })
  })
}

describe('recipe exports', () => {
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
  })

  it(
    'exports the selected recipes, lists the export when built and downloads a zip of them',
    { timeout: 120_000 },
    async () => {
      const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
      // The group's exports of earlier runs or files would make "the export" ambiguous.
      await json(await callApi(token, 'DELETE', '/api/recipes/bulk-actions/export/purge'), 200, 'purging exports')
      const suffix = randomUUID().slice(0, 6)
      const names = [`Export Fig Jam ${suffix}`, `Export Plum Tart ${suffix}`]
      const slugs = await Promise.all(
        names.map((name) => seedRecipe(token, name, { description: `Made for ${suffix}` })),
      )

      const { page, close } = await signedIn(browser, '/group/data/recipes')
      try {
        for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
        await page.getByTestId('selection-bar').getByText('Selected: 2').waitFor()
        await page.getByRole('button', { name: 'Export', exact: true }).click()

        const exports = page.getByRole('region', { name: 'Data exports' })
        const downloadButton = exports.getByRole('button', { name: /^Download the export of/ })
        await downloadButton.waitFor({ timeout: 60_000 })
        assert.equal(await downloadButton.count(), 1)
        assert.equal(await exports.getByText(/^Failed:/).count(), 0)

        const downloading = page.waitForEvent('download')
        await downloadButton.click()
        const download = await downloading
        assert.match(download.suggestedFilename(), /^[0-9a-f-]{36}\.zip$/)
        const entries = await unzip(await fs.readFile(await download.path()))
        assert.deepEqual([...entries.keys()].sort(), slugs.map((slug) => `recipes/${slug}/${slug}.json`).sort())
        for (const [index, slug] of slugs.entries()) {
          const recipe = JSON.parse(entries.get(`recipes/${slug}/${slug}.json`)!.toString()) as Record<string, unknown>
          assert.equal(recipe.name, names[index])
          assert.equal(recipe.description, `Made for ${suffix}`)
        }
      } finally {
        await close()
        await callApi(token, 'DELETE', '/api/recipes/bulk-actions/export/purge')
        for (const slug of slugs) await callApi(token, 'DELETE', `/api/recipes/${slug}`)
      }
    },
  )
})
