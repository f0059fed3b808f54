// Screenshots of the "Data exports" section with a finished, a failed and a building export, all three real: the
// built app runs on a fresh DATA_DIR, and a file put where the group's exports folder belongs makes builds fail. Not
// a test: `pnpm build`, then `pnpm --filter @larder/e2e exec tsx shots-exports.ts <out dir>`.
import fs from 'node:fs/promises'
import path from 'node:path'
import { launchBrowser, openPage } from './src/browser.js'
import { startLarder } from './src/larder-server.js'
import { apiToken, callApi, defaultAdmin, json, seedRecipe, signInThroughForm } from './tests/session.js'

const out = process.argv[2] ?? '/tmp/larder-shots/exports'
await fs.mkdir(out, { recursive: true })
const larder = await startLarder()
process.env.LARDER_URL = larder.baseUrl
const browser = await launchBrowser()

interface Listed {
  id: string
  groupId: string
  status: string
}

try {
  const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
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
  const variants = [
    { name: 'light', viewport: { width: 1280, height: 900 }, scheme: 'light' },
    { name: 'dark', viewport: { width: 1280, height: 900 }, scheme: 'dark' },
    { name: 'phone', viewport: { width: 375, height: 800 }, scheme: 'light' },
  ] as const
  const pages = await Promise.all(
    variants.map(async (variant) => {
      const { page } = await openPage(browser, larder.baseUrl, { viewport: variant.viewport })
      await page.emulateMedia({ colorScheme: variant.scheme })
      // The first list that shows a build under way is the one kept on screen: later asks get no answer.
      let frozen = false
      await page.route('**/api/recipes/bulk-actions/export', async (route) => {
        if (frozen) return
        const response = await route.fetch()
        const items = (await response.json()) as Listed[]
        frozen = items.some((item) => item.status === 'building')
        await route.fulfill({ response })
      })
      await page.goto('/login?redirect=/group/data/recipes')
      await signInThroughForm(page)
      await page.waitForURL((url) => url.pathname === '/group/data/recipes')
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
} finally {
  await browser.close()
  await larder.stop()
}
