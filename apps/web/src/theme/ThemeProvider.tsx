import { MantineProvider } from '@mantine/core'
import { useInsertionEffect, useMemo, type ReactNode } from 'react'
import { appTheme } from '@/api/app-facts'
import { useStore } from '@/app/create-store'
import { useColorScheme } from './color-scheme-store'
import { themeCss, writeThemeCss } from './theme-css'

/**
 * Mantine themed from the server's colours (defaults until they arrive or when the call fails). Its CSS variables
 * are written by theme-css.ts, which computes them outside the render, rather than by MantineProvider.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme()
  // main.tsx asks once at start (loadAppThemeOnce); until the answer arrives, and if it fails, the defaults hold.
  const data = useStore(appTheme.store)
  const { theme, css } = useMemo(() => themeCss(data, scheme), [data, scheme])
  useInsertionEffect(() => writeThemeCss(css), [css])
  // The variables Mantine writes itself (AppShell's sizes and paddings, with its first render) go on the app's mount
  // point rather than :root: inserted on :root they made the browser style every element of the document again, a
  // server's drawing still on screen with the app's first frame (some 200 elements more, a long task at a phone's
  // speed: the local build's time to interactive, docs/budgets.md "Web budgets"). Nothing outside the app's frame reads them.
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} withCssVariables={false} cssVariablesSelector="#root">
      {children}
    </MantineProvider>
  )
}
