/**
 * The offline cold open of a kept shopping list (issue #32: "opened with no network, a list shows in under 500 ms"),
 * in the system Chromium through playwright-core as the e2e tests drive it. A phone-sized context with the service
 * worker on signs in through the form and opens the list once online, so that the worker holds the app and the device
 * keeps every list; then, in turn, the network is cut (`context.setOffline`, which reaches the service worker too) or
 * left on, and a fresh page of the same context opens the list. Timed in the page: from its navigation start
 * (`performance.now()` counts from it) to the first frame in which all of the list's lines are in the document.
 * The floor is the same open with the network on (interleaved, so that load from elsewhere hits both alike).
 */
import { existsSync } from 'node:fs'
import { chromium, type BrowserContext } from 'playwright-core'

const chromiumPath = () => {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate) && existsSync(candidate!),
  )
  if (!found) throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH')
  return found
}

const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }

export interface OfflineOpenOptions {
  baseUrl: string
  email: string
  password: string
  listId: string
  /** How many lines the list shows unchecked: the open is done when that many are in the document. */
  lines: number
  /** Timed opens of each kind (offline, and online as the floor), after one untimed of each. */
  opens: number
}

/**
 * The page's globals the functions below read there (this package is typed for Node, not the DOM). Functions, not
 * strings: the app's CSP refuses `eval`, which a string would need.
 */
interface PageGlobals {
  document: { querySelectorAll(selector: string): { length: number } }
  navigator: { serviceWorker: { controller: unknown } }
  performance: {
    now(): number
    getEntriesByType(type: 'navigation'): { responseEnd: number; domContentLoadedEventEnd: number }[]
  }
}

/** One open: when the page's document had arrived, when its scripts had run, when the lines were shown (ms). */
export interface OpenTimes {
  documentMs: number
  domContentLoadedMs: number
  shownMs: number
}

/** The page's time since its navigation started once `lines` lines of the list are in the document, else false. */
const allLinesShown = (lines: number) => {
  const page = globalThis as unknown as PageGlobals
  return page.document.querySelectorAll('[data-testid="shopping-item"]').length >= lines && page.performance.now()
}

/** Opens the list in a fresh page and answers its times, from its navigation start, up to all its lines shown. */
async function openOnce(context: BrowserContext, path: string, lines: number): Promise<OpenTimes> {
  const page = await context.newPage()
  try {
    await page.goto(path, { waitUntil: 'commit' })
    const shown = await page.waitForFunction(allLinesShown, lines, { polling: 'raf', timeout: 20_000 })
    const shownMs = (await shown.jsonValue()) as number
    const [navigation] = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).performance
        .getEntriesByType('navigation')
        .map((entry) => ({ responseEnd: entry.responseEnd, domContentLoadedEventEnd: entry.domContentLoadedEventEnd })),
    )
    return {
      documentMs: navigation?.responseEnd ?? Number.NaN,
      domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      shownMs,
    }
  } finally {
    await page.close()
  }
}

export async function measureOfflineOpens(options: OfflineOpenOptions) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({ baseURL: options.baseUrl, serviceWorkers: 'allow', ...phone })
    context.setDefaultTimeout(30_000)
    const path = `/shopping-lists/${options.listId}`
    const first = await context.newPage()
    await first.goto(`/login?redirect=${encodeURIComponent(path)}`)
    await first.getByTestId('login-username').fill(options.email)
    await first.getByTestId('login-password').fill(options.password)
    await first.getByTestId('login-submit').click()
    await first.waitForURL((url) => url.pathname === path)
    await first.waitForFunction(allLinesShown, options.lines)
    // The worker must control the pages (the shell comes from it offline), and the kept answers are saved on a 1 s
    // throttle after the last read.
    await first.waitForFunction(
      () => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null,
      undefined,
      { timeout: 20_000 },
    )
    await first.waitForTimeout(2_000)
    await first.close()

    const offline: OpenTimes[] = []
    const online: OpenTimes[] = []
    for (let run = -1; run < options.opens; run += 1) {
      await context.setOffline(true)
      const offlineOpen = await openOnce(context, path, options.lines)
      await context.setOffline(false)
      const onlineOpen = await openOnce(context, path, options.lines)
      if (run < 0) continue // warm-up: the first open of each kind compiles the app's code
      offline.push(offlineOpen)
      online.push(onlineOpen)
    }
    await context.close()
    return { offline, online }
  } finally {
    await browser.close()
  }
}
