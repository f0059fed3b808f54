// Screenshots of the screens the polish slice changed, at phone and desktop widths, light and dark: the foods table
// with a row's merge button and the merge dialog opened from a row, the recipes table's selection kept after a bulk
// change, and a cookbook's cards with their favourite toggles. Not a test: `pnpm build`, then
// `pnpm --filter @larder/e2e exec tsx shots-polish.ts <out dir>`.
import { withShotSession } from './src/shot-session.js'
import { shotVariants } from './src/shot-variants.js'
import { callApi, json, seedRecipe } from './tests/session.js'

await withShotSession('/tmp/larder-shots/polish', async ({ token, out, openVariant }) => {
  for (const name of ['Fig jam', 'Tomato soup', 'Bean stew']) await seedRecipe(token, name, { tags: [] })
  for (const name of ['scallion', 'green onion', 'basil'])
    await json(await callApi(token, 'POST', '/api/foods', { name }), 201, `creating ${name}`)
  await json(
    await callApi(token, 'POST', '/api/households/cookbooks', { name: 'Everything', queryFilterString: '' }),
    201,
    'creating a cookbook',
  )
  for (const variant of shotVariants) {
    const { page, close } = await openVariant(variant, '/group/data/foods')
    await page.getByRole('button', { name: 'Merge “scallion” into another food' }).waitFor()
    await page.screenshot({ path: `${out}/foods-${variant.name}.png` })
    await page.getByRole('button', { name: 'Merge “scallion” into another food' }).click()
    await page.getByRole('dialog', { name: 'Merge foods' }).waitFor()
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/foods-merge-${variant.name}.png` })
    await page.keyboard.press('Escape')

    await page.goto('/group/data/recipes')
    for (const name of ['Fig jam', 'Tomato soup']) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
    await page.getByRole('button', { name: 'Change (2)' }).click()
    await page.getByRole('menuitem', { name: 'Set settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set settings' })
    await dialog.getByRole('button', { name: 'Apply to the selection (2)' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/recipes-kept-selection-${variant.name}.png` })

    await page.goto('/g/home/cookbooks/everything')
    // The same user in every variant: the first one favourites Fig jam, the others find it favourited.
    const favourite = page.getByRole('button', { name: 'Add Fig jam to favorites' })
    await page.getByRole('button', { name: /Fig jam (to|from) favorites$/ }).waitFor()
    if ((await favourite.count()) > 0) await favourite.click()
    await page.getByRole('button', { name: 'Remove Fig jam from favorites' }).waitFor()
    await page.mouse.move(0, 0)
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/cookbook-${variant.name}.png` })
    await close()
  }
})
