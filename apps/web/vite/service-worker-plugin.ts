import type { Plugin } from 'vite'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Files from public/ that belong to the app shell. */
const publicShellFiles = ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png']

/** Never precached: they must always come from the network so that updates are seen. */
const networkOnlyFiles = new Set(['build-manifest.json', 'sw.js'])

/**
 * The worker's source from its template: the placeholders' assignments get this build's values. Only the
 * assignments: the template names the placeholders in its `global` comment too, and a plain replace of the first
 * occurrence filled the comment and left `const buildId = __BUILD_ID__`, a worker that failed to evaluate (no offline
 * app at all). Throws when an assignment is missing.
 */
export function fillServiceWorker(template: string, buildId: string, precache: readonly string[]): string {
  const values = { __BUILD_ID__: JSON.stringify(buildId), __PRECACHE__: JSON.stringify(precache, null, 2) }
  let source = template
  for (const [placeholder, value] of Object.entries(values)) {
    const assignment = new RegExp(`= ${placeholder}$`, 'm')
    if (!assignment.test(source)) throw new Error(`service-worker.js assigns no ${placeholder}`)
    source = source.replace(assignment, () => `= ${value}`)
  }
  return source
}

/**
 * Emits dist/sw.js from vite/service-worker.js with the precache list of this build filled in. Hand-written rather
 * than vite-plugin-pwa: the worker is small, and its rules (never /api, network-first navigations) must stay obvious.
 */
export function serviceWorkerPlugin(buildId: string): Plugin {
  return {
    name: 'larder:service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const bundled = Object.keys(bundle)
        .filter((fileName) => !fileName.endsWith('.map') && !networkOnlyFiles.has(fileName))
        .map((fileName) => `/${fileName}`)
      const precache = [...new Set([...bundled, ...publicShellFiles])].sort()
      const template = readFileSync(fileURLToPath(new URL('./service-worker.js', import.meta.url)), 'utf8')
      const source = fillServiceWorker(template, buildId, precache)
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
  }
}
