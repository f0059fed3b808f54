import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runInThisContext } from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** public/start-app.js, which a drawn page runs instead of index.html's entry (api web-shell/first-paint-parts.ts). */
const startApp = readFileSync(path.resolve(__dirname, '../../public/start-app.js'), 'utf8')

function drawnPage(styles: string, modules = ['/assets/framework.js', '/assets/recipe-page.js']) {
  const tag = document.createElement('script')
  tag.type = 'text/plain'
  tag.id = 'larder-start'
  tag.dataset.entry = '/assets/index.js'
  tag.dataset.modules = modules.join(' ')
  tag.dataset.styles = styles
  document.body.append(tag)
  // The script as the browser runs it: a plain script in the page's global scope.
  runInThisContext(startApp)
}

const added = (selector: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(selector)].map((element) =>
    element.getAttribute(element instanceof HTMLScriptElement ? 'src' : 'href'),
  )

describe('start-app.js', () => {
  afterEach(() => {
    vi.useRealTimers()
    document.head.innerHTML = ''
    document.body.innerHTML = ''
  })

  it('asks for the app once the drawing has been painted, and runs its entry once its stylesheets are in', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    drawnPage('/assets/index.css /assets/query.css')
    // Nothing before the next frame is painted.
    expect(added('link, script')).toEqual([])
    vi.advanceTimersToNextFrame()
    vi.runAllTimers()
    expect(added('link[rel="modulepreload"]')).toEqual(['/assets/framework.js', '/assets/recipe-page.js'])
    const stylesheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    expect(stylesheets.map((link) => link.getAttribute('href'))).toEqual(['/assets/index.css', '/assets/query.css'])
    expect(added('script')).toEqual([])
    stylesheets[0]!.dispatchEvent(new Event('load'))
    expect(added('script')).toEqual([])
    // A stylesheet that fails does not keep the app from starting.
    stylesheets[1]!.dispatchEvent(new Event('error'))
    const entry = document.head.querySelector('script')
    expect(entry?.getAttribute('src')).toBe('/assets/index.js')
    expect(entry?.type).toBe('module')
    expect(entry?.crossOrigin).toBe('')
  })

  it('asks for the files a few at a time, one task each, stylesheets first, so that no task starts fifty requests', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    const modules = Array.from({ length: 9 }, (_, index) => `/assets/module-${index}.js`)
    drawnPage('/assets/index.css /assets/query.css', modules)
    vi.advanceTimersToNextFrame()
    vi.runOnlyPendingTimers()
    expect(added('link[rel="stylesheet"]')).toEqual(['/assets/index.css', '/assets/query.css'])
    expect(added('link[rel="modulepreload"]')).toEqual([])
    // Two a task: each link appended costs a few milliseconds at a phone's speed.
    for (let count = 2; count < modules.length + 2; count += 2) {
      vi.runOnlyPendingTimers()
      expect(added('link[rel="modulepreload"]')).toEqual(modules.slice(0, count))
    }
    expect(added('link[rel="modulepreload"]')).toEqual(modules)
  })

  it('starts at once in a hidden tab, which paints no frames', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    drawnPage('')
    expect(added('script[type="module"]')).toEqual(['/assets/index.js'])
  })
})
