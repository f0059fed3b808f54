import { DEFAULT_THEME, getContrastColor, mergeMantineTheme, type MantineTheme } from '@mantine/core'
import { themeColorNames, type AppTheme } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { buildTheme, darkBackground, type ColorScheme } from './build-theme'
import { contrastRatio, minimumTextContrast } from './contrast'
import { cssVariablesResolver } from './css-variables'

const backgrounds: Record<ColorScheme, string[]> = { light: ['#FFFFFF', '#F8F9FA'], dark: [darkBackground, '#2A2A2A'] }

/** The colour a CSS variable of the resolved theme ends up as (following `var(--mantine-color-…)` to its shade). */
function resolve(theme: MantineTheme, scheme: ColorScheme, variable: string): string {
  const value = (cssVariablesResolver(theme)[scheme] as Record<string, string>)[variable]!
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value)
  return shade ? theme.colors[shade[1]!]![Number(shade[2])]! : value
}

function themeFor(scheme: ColorScheme, colors?: AppTheme): MantineTheme {
  return mergeMantineTheme(DEFAULT_THEME, buildTheme(colors, scheme))
}

// An administrator may configure any colours: pale ones, dark ones, and Mealie's defaults.
const paleTheme = { lightPrimary: '#FFE066', darkPrimary: '#FFF3BF', lightError: '#FFC9C9' } as AppTheme
const darkTheme = { lightPrimary: '#1A1B4B', darkPrimary: '#2B0A3D', darkInfo: '#0B1F3A' } as AppTheme

describe.each([
  ['the default colours', undefined],
  ['pale configured colours', paleTheme],
  ['dark configured colours', darkTheme],
])('theme contrast with %s', (_label, colors) => {
  for (const scheme of ['light', 'dark'] as const) {
    const theme = themeFor(scheme, colors)

    it.each(themeColorNames.map((name) => name.toLowerCase()))(
      `reads at 4.5:1 in ${scheme} mode: %s text and outlines on the page, text on its fill`,
      (name) => {
        for (const background of backgrounds[scheme]) {
          expect(contrastRatio(resolve(theme, scheme, `--mantine-color-${name}-text`), background)).toBeGreaterThan(
            minimumTextContrast,
          )
          expect(contrastRatio(resolve(theme, scheme, `--mantine-color-${name}-outline`), background)).toBeGreaterThan(
            minimumTextContrast,
          )
        }
        const fill = theme.colors[name]![6]
        const onFill = getContrastColor({ color: fill, theme }) === 'var(--mantine-color-black)' ? '#000' : '#FFF'
        expect(contrastRatio(onFill, fill)).toBeGreaterThan(minimumTextContrast)
      },
    )

    it(`reads at 4.5:1 in ${scheme} mode: links and dimmed text`, () => {
      for (const background of backgrounds[scheme]) {
        expect(contrastRatio(resolve(theme, scheme, '--mantine-color-anchor'), background)).toBeGreaterThan(4.5)
        expect(contrastRatio(resolve(theme, scheme, '--mantine-color-dimmed'), background)).toBeGreaterThan(4.5)
      }
    })
  }

  it('keeps the configured colour as the fill (filled buttons show exactly what the spec gives)', () => {
    const theme = themeFor('light', colors)
    expect(theme.colors.primary![6]).toBe(colors?.lightPrimary ?? '#E58325')
  })
})
