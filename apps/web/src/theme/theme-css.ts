import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  keys,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type MantineThemeOverride,
} from '@mantine/core'
import type { AppTheme } from '@larder/contracts'
import { buildTheme, type ColorScheme } from './build-theme'
import { cssVariablesResolver } from './css-variables'

/**
 * The theme's CSS variables as the stylesheet Mantine's own <MantineCssVariables> writes (the defaults of Mantine's
 * stylesheet left out), computed outside React's render: Mantine computed them while rendering its provider, with
 * every colour's shades and their contrast (css-variables.ts), one task of well over 50 ms at a phone's speed before
 * the first screen (Lighthouse's time to interactive, docs/budgets.md "Web budgets"). main.tsx prepares them in tasks of their own
 * (`prepareThemeCss`) before the first render; the provider (ThemeProvider) reads them, computed once per colours and
 * scheme.
 */

let mantineDefaults: ConvertCSSVariablesInput | undefined
const prepared = new Map<string, PreparedTheme>()

function keyOf(data: AppTheme | undefined, scheme: ColorScheme): string {
  return `${scheme} ${JSON.stringify(data ?? null)}`
}

function withoutMantineDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = (mantineDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME))
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} }
  for (const part of ['variables', 'light', 'dark'] as const) {
    for (const key of keys(input[part])) {
      if (defaults[part][key] !== input[part][key]) cleaned[part][key] = input[part][key]!
    }
  }
  return cleaned
}

interface PreparedTheme {
  theme: MantineThemeOverride
  css: string
}

/** The computation in steps (a `yield` between them), each well short of a long task at a phone's speed. */
function* themeCssSteps(data: AppTheme | undefined, scheme: ColorScheme): Generator<void, PreparedTheme> {
  mantineDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME)
  yield
  const theme = buildTheme(data, scheme)
  const merged = mergeMantineTheme(DEFAULT_THEME, theme)
  yield
  const mantineVariables = defaultCssVariablesResolver(merged)
  yield
  const ownVariables = cssVariablesResolver(merged)
  yield
  const variables = deepMerge(mantineVariables, ownVariables)
  return { theme, css: convertCssVariables(withoutMantineDefaults(variables)) }
}

/** The theme (MantineProvider's `theme`) and its variables' stylesheet for these colours and this scheme. */
export function themeCss(data: AppTheme | undefined, scheme: ColorScheme): PreparedTheme {
  const key = keyOf(data, scheme)
  let known = prepared.get(key)
  if (!known) {
    const steps = themeCssSteps(data, scheme)
    let step = steps.next()
    while (!step.done) step = steps.next()
    known = step.value
    prepared.set(key, known)
  }
  return known
}

/** Computes the stylesheet ahead of the first render, in steps of a task each (`yieldTask` between them). */
export async function prepareThemeCss(
  data: AppTheme | undefined,
  scheme: ColorScheme,
  yieldTask: () => Promise<void>,
): Promise<void> {
  const key = keyOf(data, scheme)
  if (prepared.has(key)) return
  const steps = themeCssSteps(data, scheme)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      prepared.set(key, step.value)
      return
    }
    await yieldTask()
  }
}

const themeStyleId = 'larder-theme-css'

/**
 * Puts the theme's variables into the document's one stylesheet of them, at the end of the body (after every
 * stylesheet of the head, as Mantine's own provider put them): main.tsx before the first render, ThemeProvider when
 * the colours or the scheme change. Inserted with the app's first commit, the variables on :root made the browser
 * style every element again, a server's drawing still on screen with the app's first frame (350 elements, a long task
 * at a phone's speed: the local build's time to interactive, docs/budgets.md "Web budgets"); written before, the same text later changes
 * nothing.
 */
export function writeThemeCss(css: string): void {
  let element = document.getElementById(themeStyleId)
  if (!element) {
    element = document.createElement('style')
    element.id = themeStyleId
    element.setAttribute('data-mantine-styles', '')
    document.body.appendChild(element)
  }
  if (element.textContent !== css) element.textContent = css
}
