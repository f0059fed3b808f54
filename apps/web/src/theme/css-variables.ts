import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core'
import { themeColorNames } from '@larder/contracts'
import { darkBackground } from './build-theme'
import { readableShade } from './contrast'

/** Shade 6 of the dark greys: the surface of inputs, default buttons and hovered rows. */
const darkSurface = '#2A2A2A'
const lightSurfaces = ['#FFFFFF', '#F8F9FA']

/**
 * Dimmed text (hints, descriptions, table captions) at 4.5:1 on the page and on the raised surfaces: Mantine's
 * gray-6 reads at 3.3:1 on white and dark-2 at 4.3:1 on #1E1E1E.
 */
const dimmedLight = '#666E76'
const dimmedDark = '#A0A0A0'

/**
 * Mantine draws coloured text (`c="primary"`, links, outline buttons) in the filled shade in light mode and shade 4
 * in dark mode. The theme's colours are configurable and several (Mealie's orange #E58325: 2.8:1 on white) are too
 * light for text on white, so each colour's text takes the first shade, darker in light mode and lighter in dark
 * mode, that reads at 4.5:1; fills keep the configured colour, with black or white text chosen by autoContrast.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': dimmedLight }
  const dark: Record<string, string> = { '--mantine-color-body': darkBackground, '--mantine-color-dimmed': dimmedDark }
  for (const name of themeColorNames.map((themeName) => themeName.toLowerCase())) {
    const tuple = theme.colors[name] as MantineColorsTuple
    const lightText = `var(--mantine-color-${name}-${readableShade(tuple, lightSurfaces, [6, 7, 8, 9])})`
    const darkText = `var(--mantine-color-${name}-${readableShade(tuple, [darkBackground, darkSurface], [4, 3, 2, 1, 0])})`
    light[`--mantine-color-${name}-text`] = lightText
    light[`--mantine-color-${name}-outline`] = lightText
    dark[`--mantine-color-${name}-text`] = darkText
    dark[`--mantine-color-${name}-outline`] = darkText
    if (name === theme.primaryColor) {
      light['--mantine-color-anchor'] = lightText
      dark['--mantine-color-anchor'] = darkText
    }
  }
  return { variables: {}, light, dark }
}
