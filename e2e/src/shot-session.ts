import fs from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { apiToken, defaultAdmin, signedIn } from '../tests/session.js'
import { launchBrowser } from './browser.js'
import { startLarder, type RunningLarder } from './larder-server.js'
import type { ShotVariant } from './shot-variants.js'

export interface ShotSession {
  larder: RunningLarder
  browser: Browser
  /** The default administrator's API token, to seed what the screens show. */
  token: string
  /** The folder the screenshots go to: the script's first argument, else its default. */
  out: string
  /** A page at the variant's size and colour scheme, signed in as the default administrator, opened at `path`. */
  openVariant: (variant: ShotVariant, path: string) => Promise<{ page: Page; close: () => Promise<void> }>
}

/**
 * What every screenshot script (`shots-*.ts`) runs in: the built app on a fresh DATA_DIR, a browser, and the
 * administrator's token; both stopped when `shoot` ends, whether it failed or not.
 */
export async function withShotSession(defaultOut: string, shoot: (session: ShotSession) => Promise<void>) {
  const out = process.argv[2] ?? defaultOut
  await fs.mkdir(out, { recursive: true })
  const larder = await startLarder()
  // The session helpers the e2e tests share find the app here.
  process.env.LARDER_URL = larder.baseUrl
  const browser = await launchBrowser()
  try {
    const token = await apiToken(defaultAdmin.email, defaultAdmin.password)
    await shoot({
      larder,
      browser,
      token,
      out,
      openVariant: (variant, path) =>
        signedIn(browser, path, { viewport: variant.viewport, colorScheme: variant.scheme }),
    })
  } finally {
    await browser.close()
    await larder.stop()
  }
}
