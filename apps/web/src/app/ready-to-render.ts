/**
 * What the app's first render waits for. A store read through useSyncExternalStore that changes while React renders
 * in slices (the first render is a transition, main.tsx) makes React render the whole tree again, synchronously, in
 * one long task; the theme's answer arriving after it re-rendered every Mantine component, in one task too
 * (Lighthouse's blocking time, docs/budgets.md "Web budgets"). So the first render starts once the locale and the theme are in (the
 * theme's request never fails: the default colours stay), and, on a page the server drew (which stays on screen
 * meanwhile), once the session is known; a page that was not drawn (sign-in) does not wait for the session probe.
 */
export function readyToRender(steps: {
  locale: Promise<unknown>
  theme: Promise<unknown>
  session: () => Promise<unknown>
  drawn: boolean
}): Promise<unknown> {
  return Promise.all([steps.locale, steps.theme, ...(steps.drawn ? [steps.session()] : [])])
}
