// Screenshots of /group/data/recipes with recipes selected and the bulk "Change" menu open, at phone and desktop
// widths, light and dark. Not a test: `pnpm build`, then `pnpm --filter @larder/e2e exec tsx shots-bulk.ts <out dir>`.
import { withShotSession } from './src/shot-session.js'
import { shotVariants } from './src/shot-variants.js'
import { seedRecipe } from './tests/session.js'

await withShotSession('/tmp/larder-shots/bulk', async ({ token, out, openVariant }) => {
  for (const name of ['Fig jam', 'Tomato soup', 'Bean stew']) await seedRecipe(token, name)
  for (const variant of shotVariants) {
    const { page, close } = await openVariant(variant, '/group/data/recipes')
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
    await close()
  }
})
