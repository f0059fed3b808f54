// Screenshots of the explorer's grid and a recipe page's unit toggle as the app draws them after taking over from
// the server's drawing, at phone and desktop widths, light and dark. Not a test: `pnpm build`, then
// `pnpm --filter @larder/e2e exec tsx shots-handoff.ts <out dir>`.
import fs from 'node:fs/promises'
import { launchBrowser, openPage } from './src/browser.js'
import { startLarder } from './src/larder-server.js'
import { shotVariants } from './src/shot-variants.js'
import { apiToken, defaultAdmin, seedRecipe, signInThroughForm } from './tests/session.js'

const out = process.argv[2] ?? '/tmp/larder-shots/handoff'
await fs.mkdir(out, { recursive: true })
const larder = await startLarder()
process.env.LARDER_URL = larder.baseUrl
const browser = await launchBrowser()

try {
  const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
  const ingredients = ['200 g flour', '2 eggs', '1 cup milk', '1 tbsp butter', 'a pinch of salt']
  let slug = ''
  for (let index = 0; index < 14; index++)
    slug = await seedRecipe(token, `Recipe with a name of some length ${index + 1}`, {
      recipeServings: 4,
      tags: [],
      recipeIngredient: ingredients.map((note) => ({ note, display: note })),
    })
  for (const variant of shotVariants) {
    const { page, context } = await openPage(browser, larder.baseUrl, { viewport: variant.viewport })
    await page.emulateMedia({ colorScheme: variant.scheme })
    await page.goto('/login?redirect=/g/home')
    await signInThroughForm(page)
    await page.waitForURL((url) => url.pathname === '/g/home')
    // A fresh load: the server draws the page and the app takes over.
    await page.goto('/g/home')
    await page.getByRole('list', { name: /recipes/i }).waitFor()
    await page.waitForFunction(() => !document.getElementById('first-paint'))
    await page.waitForTimeout(600)
    await page.screenshot({ path: `${out}/explorer-${variant.name}.png` })
    await page.goto(`/g/home/r/${slug}`)
    await page.getByRole('radiogroup', { name: 'Units' }).waitFor()
    await page.getByText('Metric', { exact: true }).click()
    await page.getByRole('radiogroup', { name: 'Units' }).scrollIntoViewIfNeeded()
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/recipe-${variant.name}.png` })
    await context.close()
  }
} finally {
  await browser.close()
  await larder.stop()
}
