import './theme/styles'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { loadAppThemeOnce } from './api/app-facts'
import { publicConfig } from './app/public-config'
import { firstPaintPath, releaseFirstPaintOnFocus } from './app/first-paint'
import { nextTask } from './app/next-task'
import { readyToRender } from './app/ready-to-render'
import { session } from './features/auth/app-session'
import { initI18n } from './i18n/i18n'
import { listenForInstallPrompt } from './pwa/install-prompt'
import { reloadOnPreloadErrors } from './pwa/chunk-reload'
import { registerServiceWorker } from './pwa/register-service-worker'
import { initColorScheme } from './theme/color-scheme-store'
import { prepareThemeCss, themeCss, writeThemeCss } from './theme/theme-css'
import { App } from './app/App'

/**
 * The start in steps of a task each: in one, the modules' evaluation and every step after it made one long task
 * (0.5 s at a phone's speed, Lighthouse's total blocking time, docs/budgets.md "Web budgets"), during which the drawn page could not
 * answer a tap. The requests go first, so that they are on their way while the rest runs.
 */
async function start() {
  // The modules' evaluation (React, Mantine, the router) is a task of its own; the first reads of storage another.
  await nextTask()
  reloadOnPreloadErrors()
  const colorScheme = initColorScheme(publicConfig().darkMode)
  await nextTask()
  // Started together: the theme colours (once, cached for the page's life), the session probe and the locale.
  const theme = loadAppThemeOnce()
  void session.ensureLoaded()
  await nextTask()
  const locale = initI18n()
  await nextTask()
  listenForInstallPrompt()
  registerServiceWorker()
  await readyToRender({ locale, theme, session: () => session.ensureLoaded(), drawn: firstPaintPath() !== null })
  await nextTask()
  const themeColours = await theme
  await prepareThemeCss(themeColours, colorScheme.get(), nextTask)
  await nextTask()
  writeThemeCss(themeCss(themeColours, colorScheme.get()).css)
  await nextTask()
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  releaseFirstPaintOnFocus(root)
  // A transition, so React renders the first screen in slices that leave the main thread free in between, rather than
  // in one long task (Lighthouse's total blocking time, docs/budgets.md "Web budgets").
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}

void start()
