import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import type { AppTheme } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { buildTheme, type ColorScheme } from './build-theme'
import { cssVariablesResolver } from './css-variables'
import { prepareThemeCss, themeCss, writeThemeCss } from './theme-css'

/** The variables' stylesheet MantineProvider itself writes for the theme and the resolver. */
function mantinesOwnCss(colors: AppTheme | undefined, scheme: ColorScheme): string {
  const { container, unmount } = render(
    <MantineProvider
      theme={buildTheme(colors, scheme)}
      forceColorScheme={scheme}
      cssVariablesResolver={cssVariablesResolver}
    >
      <span />
    </MantineProvider>,
    { container: document.head.appendChild(document.createElement('div')) },
  )
  const style = [...document.querySelectorAll('style[data-mantine-styles]')].find(
    (element) => element.getAttribute('data-mantine-styles') !== 'classes',
  )
  const css = style?.innerHTML ?? ''
  unmount()
  container.remove()
  return css
}

describe('theme css', () => {
  const configured: AppTheme = { lightPrimary: '#1864AB', lightWarning: '#FAB005', darkAccent: '#F08C00' }

  it.each([
    ['the default colours', undefined, 'light'],
    ['the default colours', undefined, 'dark'],
    ['configured colours', configured, 'light'],
    ['configured colours', configured, 'dark'],
  ] as const)('writes what MantineProvider writes, for %s in %s mode', (_label, colors, scheme) => {
    const expected = mantinesOwnCss(colors, scheme)
    expect(expected).toContain('--mantine-color-primary-text')
    expect(themeCss(colors, scheme).css).toBe(expected)
  })

  it('prepares in steps, yielding between them, what the provider then reads', async () => {
    let yields = 0
    const colors: AppTheme = { lightPrimary: '#2F9E44' }
    await prepareThemeCss(colors, 'light', () => {
      yields += 1
      return Promise.resolve()
    })
    expect(yields).toBeGreaterThan(1)
    expect(themeCss(colors, 'light').css).toBe(mantinesOwnCss(colors, 'light'))
  })

  it('keeps the variables in one stylesheet after those of the head, untouched when written again unchanged', () => {
    const light = themeCss(undefined, 'light').css
    writeThemeCss(light)
    const sheet = document.querySelector('style#larder-theme-css')
    const text = sheet?.firstChild
    writeThemeCss(light)
    // The same text is the same node: the browser has no stylesheet change to style the page again for.
    expect(sheet?.firstChild).toBe(text)
    writeThemeCss(themeCss(undefined, 'dark').css)
    expect(document.querySelectorAll('style#larder-theme-css')).toHaveLength(1)
    expect(sheet?.textContent).toBe(themeCss(undefined, 'dark').css)
    expect(sheet?.parentElement).toBe(document.body)
  })
})
