// Screenshots of the explorer's grid and a recipe page's unit toggle as the app draws them after taking over from
// the server's drawing, at phone and desktop widths, light and dark. Not a test: `pnpm build`, then
// `pnpm --filter @larder/e2e exec tsx shots-handoff.ts <out dir>`.
import { withShotSession } from './src/shot-session.js'
import { shotVariants } from './src/shot-variants.js'
import { seedRecipe } from './tests/session.js'

await withShotSession('/tmp/larder-shots/handoff', async ({ token, out, openVariant }) => {
  const ingredients = ['200 g flour', '2 eggs', '1 cup milk', '1 tbsp butter', 'a pinch of salt']
  let slug = ''
  for (let index = 0; index < 14; index++)
    slug = await seedRecipe(token, `Recipe with a name of some length ${index + 1}`, {
      recipeServings: 4,
      tags: [],
      recipeIngredient: ingredients.map((note) => ({ note, display: note })),
    })
  for (const variant of shotVariants) {
    const { page, close } = await openVariant(variant, '/g/home')
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
    await close()
  }
})
