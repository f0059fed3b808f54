import { lazy, type ComponentType } from 'react'

/** A route element whose component is its own chunk (every route is code-split). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load)
  return <Page />
}
