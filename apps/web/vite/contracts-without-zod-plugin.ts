import type { Plugin } from 'vite'
import { fileURLToPath } from 'node:url'

const contractsSource = /[\\/]packages[\\/]contracts[\\/]src[\\/]/
const shimPath = fileURLToPath(new URL('./zod-shape-only.ts', import.meta.url))

/**
 * The web client uses the contracts for their types and for each endpoint's method, path and body encoding; it
 * never runs their zod schemas (the server validates with them). Zod is ~25 KB gzip, a sixth of the /login budget
 * (docs/budgets.md "Web budgets"), so inside packages/contracts — and only there — `zod` resolves to an inert stand-in that lets the
 * schema declarations evaluate. The web's own code can still import the real zod.
 */
export function contractsWithoutZodPlugin(): Plugin {
  return {
    name: 'larder:contracts-without-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return null
      return contractsSource.test(importer) ? { id: shimPath, moduleSideEffects: false } : null
    },
    transform(_code, id) {
      // Declaring an endpoint has no effect beyond its value: contracts the web never calls drop out of the bundle.
      return contractsSource.test(id) ? { code: _code, moduleSideEffects: false, map: null } : null
    },
  }
}
