import { drawnWebPages } from '@larder/contracts/web-pages'
import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { PageHandle } from './route-page'
import { signedInRoutes } from './SignedInRoutes'

/** Every page and layout module of the client, by the build manifest's name, loaded only when asked for. */
const sourceModules = import.meta.glob<unknown>(['/src/pages/**/*.tsx', '/src/layouts/**/*.tsx'])

const pathWithParameters = (path: string) => path.replace(/:[^/]+/g, 'some-value')

describe('the pages the server draws (@larder/contracts/web-pages)', () => {
  it.each(Object.entries(drawnWebPages))(
    'reach a route that loads exactly the modules the server preloads: %s',
    async (_, page) => {
      // The signed-in table is itself the first module (router.tsx loads it for every such address).
      expect(page.modules[0]).toBe('src/routes/SignedInRoutes.tsx')
      const matched = matchRoutes(signedInRoutes, pathWithParameters(page.path)) ?? []
      const handles = matched
        .map(({ route }) => route.handle as PageHandle | undefined)
        .filter((handle): handle is PageHandle => handle?.load !== undefined)
      const loaded = await Promise.all(handles.map((handle) => handle.load()))
      const named = await Promise.all(
        page.modules.slice(1).map((module) => {
          const load = sourceModules[`/${module}`]
          if (!load) throw new Error(`${module} is no page or layout module of the client`)
          return load()
        }),
      )
      expect(loaded).toHaveLength(named.length)
      loaded.forEach((module, index) => expect(module).toBe(named[index]))
      const pageStrings = handles.at(-1)?.strings ?? []
      for (const namespace of pageStrings) expect(page.strings).toContain(namespace)
    },
  )
})
