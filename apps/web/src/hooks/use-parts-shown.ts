import { startTransition, useEffect, useState } from 'react'

/**
 * How many of a page's parts are rendered, in order: none at first (the app's frame is drawn alone), then one more
 * in a transition each time the one before is drawn, which React builds in slices. A page rendered whole was one
 * task of well over 50 ms at a phone's speed, and its style and layout another (Lighthouse's blocking time, docs/budgets.md "Web budgets");
 * Mantine's elements cost some 30 µs each to style on this machine, so a frame that adds more than about a hundred of
 * them is a long task at a phone's speed (the local build's time to interactive). A page the server drew keeps the
 * drawing on screen until all are drawn, so the reader never sees it in parts.
 */
export function usePartsShown(total: number): number {
  const [shown, setShown] = useState(0)
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(shown + 1))
  }, [shown, total])
  return shown
}
