// Screenshots of the "Data exports" section with a finished, a failed and a building export, all three real: the
// built app runs on a fresh DATA_DIR, and a file put where the group's exports folder belongs makes builds fail. Not
// a test: `pnpm build`, then `pnpm --filter @larder/e2e exec tsx shots-exports.ts <out dir>`.
import fs from 'node:fs/promises'
import path from 'node:path'
import { withShotSession } from './src/shot-session.js'
import type { ShotVariant } from './src/shot-variants.js'
import { callApi, json, seedRecipe } from './tests/session.js'

interface Listed {
  id: string
  groupId: string
  status: string
}

await withShotSession('/tmp/larder-shots/exports', async ({ larder, token, out, openVariant }) => {
  const slug = await seedRecipe(token, 'Fig jam')
  const listed = async () =>
    json<Listed[]>(await callApi(token, 'GET', '/api/recipes/bulk-actions/export'), 200, 'listing')
  const exportOne = () => callApi(token, 'POST', '/api/recipes/bulk-actions/export', { recipes: [slug] })
  async function until(check: (items: Listed[]) => boolean) {
    for (let waited = 0; waited < 60_000; waited += 200) {
      const items = await listed()
      if (check(items)) return items
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error('the exports never reached the state wanted')
  }

  await exportOne()
  const [ready] = await until((items) => items.some((item) => item.status === 'ready'))
  const folder = path.join(larder.dataDirectory, 'media/groups', ready!.groupId, 'exports')
  await fs.rename(folder, `${folder}.aside`)
  await fs.writeFile(folder, 'not a folder')
  await exportOne()
  await until((items) => items.some((item) => item.status === 'failed'))
  const variants: ShotVariant[] = [
    { name: 'light', viewport: { width: 1280, height: 900 }, scheme: 'light' },
    { name: 'dark', viewport: { width: 1280, height: 900 }, scheme: 'dark' },
    { name: 'phone', viewport: { width: 375, height: 800 }, scheme: 'light' },
  ]
  const pages = await Promise.all(
    variants.map(async (variant) => {
      const { page } = await openVariant(variant, '/group/data/recipes')
      // The first list that shows a build under way is the one kept on screen: later asks get no answer.
      let frozen = false
      await page.route('**/api/recipes/bulk-actions/export', async (route) => {
        if (frozen) return
        const response = await route.fetch()
        const items = (await response.json()) as Listed[]
        frozen = items.some((item) => item.status === 'building')
        await route.fulfill({ response })
      })
      await page
        .getByRole('region', { name: 'Data exports' })
        .getByText(/^Failed:/)
        .waitFor()
      return { variant, page }
    }),
  )
  // A third build, failing too, is "building" between its retries (about six seconds).
  await exportOne()
  await Promise.all(
    pages.map(async ({ page }) => {
      await page.reload()
      await page.getByRole('region', { name: 'Data exports' }).getByText('Building…').waitFor({ timeout: 10_000 })
    }),
  )
  for (const { variant, page } of pages) {
    const section = page.getByRole('region', { name: 'Data exports' })
    await section.scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    await section.screenshot({ path: `${out}/data-exports-${variant.name}.png` })
  }
})
