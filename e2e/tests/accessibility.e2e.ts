import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { colourRules, describeViolations, seriousViolations, type Violation } from '../src/axe.js'
import { launchBrowser, openPage, type BrowserSession } from '../src/browser.js'
import { apiToken, callApi, defaultAdmin, json, larderUrl, seedRecipe } from './session.js'

/**
 * docs/budgets.md "Web budgets": every route of the web app (router.tsx and routes/*-routes.tsx, docs/web.md "Screens and routes"), in light and dark,
 * has no serious or critical WCAG 2.2 AA violation by axe-core. Routes with an id or slug use the seeded group,
 * household and administrator; the recipe routes use a filled-in recipe, a cookbook and a share link seeded here.
 */
interface Seeded {
  groupSlug: string
  groupId: string
  householdId: string
  userId: string
  /** A recipe with sections, a sub-recipe line, steps, notes and nutrition, so its page is checked filled in. */
  recipeSlug: string
  cookbookSlug: string
  shareToken: string
}

const signedOutRoutes = ({ groupSlug, shareToken }: Seeded): string[] => [
  `/g/${groupSlug}/shared/r/${shareToken}`,
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/no/such/page',
]

const groupRoutes = ({ groupSlug, recipeSlug, cookbookSlug }: Seeded): string[] => [
  `/g/${groupSlug}`,
  `/g/${groupSlug}/cookbooks`,
  `/g/${groupSlug}/cookbooks/${cookbookSlug}`,
  `/g/${groupSlug}/r/create/url`,
  `/g/${groupSlug}/r/create/bulk`,
  `/g/${groupSlug}/r/create/debug`,
  `/g/${groupSlug}/r/create/html`,
  `/g/${groupSlug}/r/create/image`,
  `/g/${groupSlug}/r/create/new`,
  `/g/${groupSlug}/r/create/zip`,
  `/g/${groupSlug}/r/${recipeSlug}`,
  `/g/${groupSlug}/r/${recipeSlug}?edit=true`,
  `/g/${groupSlug}/r/${recipeSlug}/ingredient-parser`,
  `/g/${groupSlug}/recipes/categories`,
  `/g/${groupSlug}/recipes/finder`,
  `/g/${groupSlug}/recipes/tags`,
  `/g/${groupSlug}/recipes/timeline`,
  `/g/${groupSlug}/recipes/tools`,
  `/g/${groupSlug}/shared/r/00000000-0000-4000-8000-000000000000`,
  '/no/such/page',
]

const accountRoutes = ({ userId }: Seeded): string[] => [
  '/group',
  '/group/data/categories',
  '/group/data/foods',
  '/group/data/labels',
  '/group/data/recipe-actions',
  '/group/data/recipes',
  '/group/data/tags',
  '/group/data/tools',
  '/group/data/units',
  '/group/migrations',
  '/group/reports/00000000-0000-4000-8000-000000000000',
  '/household',
  '/household/mealplan/planner/view',
  '/household/mealplan/planner/edit',
  '/household/mealplan/settings',
  '/household/members',
  '/household/notifiers',
  '/household/webhooks',
  '/shopping-lists',
  '/shopping-lists/00000000-0000-4000-8000-000000000000',
  `/user/${userId}/favorites`,
  '/user/profile',
  '/user/profile/edit',
  '/user/profile/api-tokens',
]

const adminRoutes = ({ groupId, householdId, userId }: Seeded): string[] => [
  '/admin/setup',
  '/admin/site-settings',
  '/admin/backups',
  '/admin/debug/openai',
  '/admin/debug/parser',
  '/admin/maintenance',
  '/admin/manage/groups',
  `/admin/manage/groups/${groupId}`,
  '/admin/manage/households',
  `/admin/manage/households/${householdId}`,
  '/admin/manage/users',
  '/admin/manage/users/create',
  `/admin/manage/users/${userId}`,
]

interface SeededLibrary {
  recipeSlug: string
  recipeSlugs: string[]
  cookbookSlug: string
  shareToken: string
}

/** A filled-in recipe (and the one it uses as a sub-recipe), a cookbook and a share link for the recipe routes. */
async function seedLibrary(token: string): Promise<SeededLibrary> {
  const crustSlug = await seedRecipe(token, 'Accessible pie crust')
  const crust = await json<{ id: string; name: string }>(
    await callApi(token, 'GET', `/api/recipes/${crustSlug}`),
    200,
    'reading the crust',
  )
  const recipeSlug = await seedRecipe(token, 'Accessible pancakes', {
    description: 'Thin **pancakes** with a crust on the side.',
    recipeServings: 4,
    totalTime: '30 minutes',
    recipeIngredient: [
      { title: 'Batter', quantity: 200, note: 'g flour', referenceId: '11111111-1111-4111-8111-111111111111' },
      { quantity: 2, note: 'eggs', referenceId: '22222222-2222-4222-8222-222222222222' },
      {
        title: 'On the side',
        referencedRecipe: { id: crust.id, slug: crustSlug, name: crust.name },
        referenceId: '33333333-3333-4333-8333-333333333333',
      },
    ],
    recipeInstructions: [
      {
        title: 'Mix',
        text: 'Whisk the flour and eggs; rest for **5 minutes**.',
        ingredientReferences: [{ referenceId: '11111111-1111-4111-8111-111111111111' }],
      },
      { text: 'Fry each pancake for 2 minutes per side.', ingredientReferences: [] },
    ],
    nutrition: { calories: '320', proteinContent: '9' },
    notes: [{ title: 'Ahead', text: 'The batter keeps a day.' }],
  })
  const cookbook = await json<{ slug: string }>(
    await callApi(token, 'POST', '/api/households/cookbooks', {
      name: 'Accessible weeknights',
      queryFilterString: 'name LIKE "Accessible%"',
    }),
    201,
    'creating the cookbook',
  )
  const recipe = await json<{ id: string }>(
    await callApi(token, 'GET', `/api/recipes/${recipeSlug}`),
    200,
    'reading the recipe',
  )
  const share = await json<{ id: string }>(
    await callApi(token, 'POST', '/api/shared/recipes', { recipeId: recipe.id }),
    201,
    'sharing the recipe',
  )
  return { recipeSlug, recipeSlugs: [recipeSlug, crustSlug], cookbookSlug: cookbook.slug, shareToken: share.id }
}

/**
 * Counts the page's requests in flight, so that a check waits until every query a route starts has answered.
 * Routes after the first are opened inside the app (history + popstate, as a link would), which keeps axe loaded
 * and the run short.
 */
function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0
  page.on('request', () => inFlight++)
  page.on('requestfinished', () => inFlight--)
  page.on('requestfailed', () => inFlight--)
  return async () => {
    for (let quietSince = Date.now(); Date.now() - quietSince < 150;) {
      if (inFlight > 0) quietSince = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

async function openRoute(page: Page, route: string, settled: () => Promise<void>): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(route)
  else {
    await page.evaluate((path) => {
      window.history.pushState(null, '', path)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, route)
  }
  await settled()
  // Drawn from what its queries answered: no loader left on screen.
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'))
  const landed = new URL(page.url())
  assert.equal(landed.pathname, new URL(route, landed).pathname, `${route} redirected to ${landed.pathname}`)
}

async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  // The app follows the system preference until the user toggles (docs/web.md "Client states").
  await page.emulateMedia({ colorScheme: scheme })
  await page.waitForFunction((wanted) => document.documentElement.dataset.mantineColorScheme === wanted, scheme)
  // Some controls fade their colours (a segmented control's labels, 200 ms): judged mid-fade, a label is grey on grey.
  // The check is of the colours the page settles on: every CSS transition ended (endless animations are not awaited).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !('transitionProperty' in animation) || animation.playState !== 'running'),
  )
}

/**
 * Checks each route in light and dark; answers the violations found, keyed by "route (scheme)". A route whose own
 * queries the server refuses as bad (400, 422) or fails (5xx) draws an error where its screen should be, which axe
 * does not see: those answers fail the check too. The screens' tests answer through a fake server, so a query the
 * real server refuses (an order its list does not allow) shows only here.
 */
async function checkRoutes(page: Page, routes: string[]): Promise<Map<string, Violation[]>> {
  const found = new Map<string, Violation[]>()
  const settled = trackRequests(page)
  let current = ''
  const refused: string[] = []
  page.on('response', (response) => {
    const status = response.status()
    if (response.url().includes('/api/') && (status === 400 || status === 422 || status >= 500))
      refused.push(`${current}: ${status} ${response.request().method()} ${new URL(response.url()).pathname}`)
  })
  await page.emulateMedia({ colorScheme: 'light' })
  for (const route of routes) {
    current = route
    await openRoute(page, route, settled)
    for (const scheme of ['light', 'dark'] as const) {
      await showScheme(page, scheme)
      // The dark scheme changes colours only, not the page's structure: its check runs the colour rules.
      const violations = await seriousViolations(page, scheme === 'dark' ? colourRules : undefined)
      if (violations.length > 0) found.set(`${route} (${scheme})`, violations)
    }
  }
  assert.deepEqual(refused, [], `the server refused or failed the routes' own queries:\n${refused.join('\n')}`)
  return found
}

function assertNoViolations(found: Map<string, Violation[]>): void {
  const report = [...found].map(([where, violations]) => describeViolations(where, violations)).join('\n')
  const count = [...found.values()].reduce((sum, violations) => sum + violations.length, 0)
  assert.equal(count, 0, `${count} serious or critical accessibility violations:\n${report}`)
}

// The route groups run side by side, each in its own page, to keep the run short.
describe('accessibility: every route, light and dark (axe-core, WCAG 2.2 AA)', { concurrency: true }, () => {
  let browser: Browser
  let seeded: Seeded
  let adminToken: string
  let adminBefore: Record<string, unknown>
  let library: SeededLibrary

  before(async () => {
    browser = await launchBrowser()
    adminToken = await apiToken(defaultAdmin.email, defaultAdmin.password)
    const self = (await (await callApi(adminToken, 'GET', '/api/users/self')).json()) as Record<string, unknown>
    adminBefore = self
    // The advanced-only pages (migrations, notifiers, webhooks, API tokens, the import debugger) open for this user.
    const updated = await callApi(adminToken, 'PUT', `/api/admin/users/${String(self.id)}`, { ...self, advanced: true })
    assert.equal(updated.status, 200, await updated.text())
    library = await seedLibrary(adminToken)
    seeded = {
      groupSlug: String(self.groupSlug),
      groupId: String(self.groupId),
      householdId: String(self.householdId),
      userId: String(self.id),
      ...library,
    }
  })
  after(async () => {
    await browser.close()
    // The other end-to-end tests search and list recipes and cookbooks: they do not meet these.
    for (const slug of library.recipeSlugs) await callApi(adminToken, 'DELETE', `/api/recipes/${slug}`)
    await callApi(adminToken, 'DELETE', `/api/households/cookbooks/${library.cookbookSlug}`)
    // The other end-to-end tests meet the administrator as seeded.
    await callApi(adminToken, 'PUT', `/api/admin/users/${String(adminBefore.id)}`, adminBefore)
  })

  /** One signed-in context for all routes: the administrator's token in localStorage, as the sign-in page leaves it. */
  async function signedInSession(): Promise<BrowserSession> {
    return openPage(browser, larderUrl(), {
      storageState: {
        cookies: [],
        origins: [{ origin: larderUrl(), localStorage: [{ name: 'larder.auth.token', value: adminToken }] }],
      },
    })
  }

  it('has none on the pages a signed-out visitor sees', async () => {
    const { page, context } = await openPage(browser, larderUrl())
    assertNoViolations(await checkRoutes(page, signedOutRoutes(seeded)))
    await context.close()
  })

  it("has none on the group's pages (recipes, cookbooks, organisers)", async () => {
    const { page, context } = await signedInSession()
    assertNoViolations(await checkRoutes(page, groupRoutes(seeded)))
    await context.close()
  })

  it('has none on the settings pages of the group, household and user', async () => {
    const { page, context } = await signedInSession()
    assertNoViolations(await checkRoutes(page, accountRoutes(seeded)))
    await context.close()
  })

  it('has none on the administration pages', async () => {
    const { page, context } = await signedInSession()
    assertNoViolations(await checkRoutes(page, adminRoutes(seeded)))
    await context.close()
  })
})
