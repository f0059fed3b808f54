import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { nextTask } from './next-task'

/**
 * The server draws some pages before the app runs (api web-shell/first-paint.ts): an element `#first-paint`
 * before `#root`, which keeps the app unseen (but laid out) under it, and a data block `#larder-answers` with the API
 * answers the page's first render reads. The app takes the answers as its queries' initial data, and removes the
 * drawing once its own page is drawn: in a layout effect, so the swap happens within one frame.
 */

interface EmbeddedAnswers {
  /** When the server asked (ms since the epoch): the answers are as fresh as that, no fresher. */
  generatedAt: number
  answers: Record<string, unknown>
}

let embedded: EmbeddedAnswers | null | undefined

function readEmbedded(): EmbeddedAnswers | null {
  if (embedded !== undefined) return embedded
  embedded = null
  const text = typeof document === 'undefined' ? null : document.getElementById('larder-answers')?.textContent
  if (!text) return embedded
  try {
    const parsed = JSON.parse(text) as Partial<EmbeddedAnswers>
    if (typeof parsed.generatedAt === 'number' && parsed.answers && typeof parsed.answers === 'object') {
      embedded = { generatedAt: parsed.generatedAt, answers: parsed.answers }
    }
  } catch {
    // A broken block is no block: the app asks the API as it would without one.
  }
  return embedded
}

/**
 * The server's answer to a GET of `url`, once: the query that takes it keeps it from then on, and a later query of
 * the same address (after the cache dropped it) asks the API again rather than reuse an old copy.
 */
export function takeEmbeddedAnswer<T>(url: string): { data: T; updatedAt: number } | undefined {
  const found = readEmbedded()
  if (!found || !(url in found.answers)) return undefined
  const data = found.answers[url] as T
  delete found.answers[url]
  return { data, updatedAt: found.generatedAt }
}

/** When the embedded answers were read on the server, for a query's `initialDataUpdatedAt`. */
export function embeddedAnswersTime(): number | undefined {
  return readEmbedded()?.generatedAt
}

/** Forgets the data block (tests load pages one after another in one document). */
export function resetEmbeddedAnswers() {
  embedded = undefined
}

/** The server's drawing while it stands in for the app; null once released (or when the server drew nothing). */
function standingDrawing(): HTMLElement | null {
  const drawing = document.getElementById('first-paint')
  return drawing && !drawing.hasAttribute('data-released') ? drawing : null
}

/** The path the server drew, or null when it drew nothing (or the app has taken over). */
export function firstPaintPath(): string | null {
  return standingDrawing()?.getAttribute('data-path') ?? null
}

/**
 * Ends the drawing: hidden at once (the server's stylesheet skips the rendering of a released drawing, one element's
 * style), then removed a few of its lists' items per task. Removed at once, its few hundred elements were, with the
 * app's first full paint, a task of 50 to 80 ms at a phone's speed, the page's last long task (the local build's time
 * to interactive, docs/budgets.md "Web budgets").
 */
export function releaseFirstPaint() {
  // The server marks the app's mount point aria-hidden while the drawing stands in for it (api web-shell/web-app.ts).
  document.getElementById('root')?.removeAttribute('aria-hidden')
  const drawing = standingDrawing()
  if (!drawing) return
  drawing.setAttribute('data-released', '')
  void removeInSteps(drawing)
}

/** Items removed per task: some forty lines of a list, a few milliseconds at a phone's speed. */
const itemsPerStep = 40

async function removeInSteps(drawing: HTMLElement) {
  for (;;) {
    const items = [...drawing.querySelectorAll('li')].slice(0, itemsPerStep)
    if (items.length === 0) break
    for (const item of items) item.remove()
    await nextTask()
  }
  drawing.remove()
}

/**
 * Focus entering the app under the drawing (Tab from the address bar) ends the drawing at once: the app is only
 * transparent there, not hidden, so its controls take focus, and a focused control must be seen and announced. The
 * user has started to use the page; its parts not yet drawn follow in front of them.
 */
export function releaseFirstPaintOnFocus(root: HTMLElement) {
  if (!root.hasAttribute('aria-hidden')) return
  root.addEventListener('focusin', releaseFirstPaint, { once: true })
}

/** Removes the server's drawing once `drawn`: the page has drawn its content, or its error. */
export function useReleaseFirstPaint(drawn: boolean) {
  useLayoutEffect(() => {
    if (drawn) releaseFirstPaint()
  }, [drawn])
}

/**
 * Removes the server's drawing as soon as the app shows another address than the one drawn: a redirect to sign-in,
 * a link followed before the page settled. Only the drawn page itself keeps it until its content is drawn.
 */
export function FirstPaintHandOff(): null {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    const drawn = firstPaintPath()
    if (drawn !== null && drawn !== pathname) releaseFirstPaint()
  }, [pathname])
  return null
}
