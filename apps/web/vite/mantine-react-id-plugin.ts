import type { Plugin } from 'vite'

const mantineUseId = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/

/**
 * Mantine's `useId` (@mantine/hooks) starts with an id from React's `useId` and replaces it, in a layout effect, with
 * a random one: every Mantine component that names its parts by id (the app shell, menus, popovers, tooltips, inputs,
 * checkboxes…) renders a second time, synchronously, inside the commit that mounted it. On the explorer and the recipe
 * page that second render was half of the commit's task (Lighthouse's blocking time, docs/budgets.md "Web budgets"). React's own id is
 * unique within the app's root and stable across renders, which is all the ids are for (aria-controls, labels), so
 * the hook keeps it. The build only: tests load Mantine unbundled.
 */
export function mantineReactIdPlugin(): Plugin {
  return {
    name: 'larder:mantine-react-id',
    enforce: 'pre',
    load(id) {
      if (!mantineUseId.test(id)) return null
      return {
        code: [
          `import { useId as useReactId } from 'react'`,
          `export function useId(staticId) {`,
          `  const reactId = useReactId()`,
          `  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^\\w-]/g, '')`,
          `}`,
        ].join('\n'),
        map: null,
      }
    },
  }
}
