import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core'
import { defaultThemeColors, themeColorNames, type AppTheme, type ThemeColorName } from '@larder/contracts'
import { colorTuple } from './color-shades'
import { breakpoints } from './breakpoints'
import { blackOrWhiteThreshold } from './contrast'

export type ColorScheme = 'light' | 'dark'

/** docs/web.md "Theme": the dark background. */
export const darkBackground = '#1E1E1E'

/** Mantine's dark greys with shade 7 (the dark body background) set to #1E1E1E. */
const darkGreys: MantineColorsTuple = [
  '#C9C9C9',
  '#B8B8B8',
  '#828282',
  '#696969',
  '#424242',
  '#363636',
  '#2A2A2A',
  darkBackground,
  '#181818',
  '#121212',
]

const hexPattern = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** The seven colours for one scheme: the server's where given and valid, the defaults otherwise. */
export function schemeColors(theme: AppTheme | undefined, scheme: ColorScheme): Record<ThemeColorName, string> {
  const colors = { ...defaultThemeColors }
  for (const name of themeColorNames) {
    const value = theme?.[`${scheme}${name}`]
    if (value && hexPattern.test(value)) colors[name] = value
  }
  return colors
}

/** The Mantine theme for one scheme; colour names are lower-case (`primary`, `accent`, …, `error`). */
export function buildTheme(theme: AppTheme | undefined, scheme: ColorScheme): MantineThemeOverride {
  const colors = schemeColors(theme, scheme)
  const tuples: Record<string, MantineColorsTuple> = { dark: darkGreys }
  for (const name of themeColorNames) tuples[name.toLowerCase()] = colorTuple(colors[name])
  return createTheme({
    primaryColor: 'primary',
    primaryShade: 6,
    // Black or white text on every filled surface, whichever reads better on the configured colour (contrast.ts).
    autoContrast: true,
    luminanceThreshold: blackOrWhiteThreshold,
    colors: tuples,
    breakpoints,
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
  })
}
