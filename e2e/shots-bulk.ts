// Screenshots of /group/data/recipes with recipes selected and the bulk "Change" menu open, at phone and desktop
// widths, light and dark. Not a test: `pnpm build`, then `pnpm --filter @larder/e2e exec tsx shots-bulk.ts <out dir>`.
import fs from 'node:fs/promises'
import { launchBrowser, openPage } from './src/browser.js'
import { startLarder } from './src/larder-server.js'
import { shotVariants } from './src/shot-variants.js'
import { apiToken, defaultAdmin, seedRecipe, signInThroughForm } from './tests/session.js'

const out = process.argv[2] ?? '/tmp/larder-shots/bulk'
await fs.mkdir(out, { recursive: true })
const larder = await startLarder()
process.env.LARDER_URL = larder.baseUrl
const browser = await launchBrowser()

try {
  const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
  for (const name of ['Fig jam', 'Tomato soup', 'Bean stew']) await seedRecipe(token, name)
  for (const variant of shotVariants) {
    const { page, context } = await openPage(browser, larder.baseUrl, { viewport: variant.viewport })
    await page.emulateMedia({ colorScheme: variant.scheme })
    await page.goto('/login?redirect=/group/data/recipes')
    await signInThroughForm(page)
    await page.waitForURL((url) => url.pathname === '/group/data/recipes')
    // Phones list cards without the header checkbox: select each recipe.
    for (const name of ['Fig jam', 'Tomato soup', 'Bean stew'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check()
    await page.getByRole('button', { name: 'Change (3)' }).click()
    await page.getByRole('menuitem', { name: 'Change owner' }).waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${out}/bulk-menu-${variant.name}.png` })
    await page.getByRole('menuitem', { name: 'Set settings' }).click()
    await page.getByRole('dialog', { name: 'Set settings' }).waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${out}/bulk-settings-${variant.name}.png` })
    await context.close()
  }
} finally {
  await browser.close()
  await larder.stop()
}
