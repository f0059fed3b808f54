/**
 * Registers dist/sw.js (production builds only: the dev server has no precache list), after the page's load so that
 * the precache does not compete with the first screen. start() calls this after a few tasks, by which time the load
 * event has often fired already: waiting for it then waited forever, and the app never worked offline (issue #32).
 */
export function registerServiceWorker(
  options: { production?: boolean; container?: ServiceWorkerContainer | undefined } = {},
) {
  const production = options.production ?? import.meta.env.PROD
  const container = 'container' in options ? options.container : navigator.serviceWorker
  if (!production || !container) return
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
