import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's Chromium: this project downloads no browser (docs/architecture.md "Tests"). */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (candidate): candidate is string => Boolean(candidate),
  )
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH')
  return found
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  })
}

export interface BrowserSession {
  context: BrowserContext
  page: Page
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', ...options })
  // Every step here is local, but CI shares two cores with the server, its database and the build: a first page load
  // under that load overran 10 s. A step that never happens still fails, after 30 s.
  context.setDefaultTimeout(30_000)
  const page = await context.newPage()
  return { context, page }
}
