import { MantineProvider } from '@mantine/core'
import { useMemo, type ReactNode } from 'react'
import { appTheme } from '@/api/app-facts'
import { useStore } from '@/app/create-store'
import { useColorScheme } from './color-scheme-store'
import { themeCss } from './theme-css'

/**
 * Mantine themed from the server's colours (defaults until they arrive or when the call fails). Its CSS variables
 * are written here from theme-css.ts, which computes them outside the render, rather than by MantineProvider.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme()
  // main.tsx asks once at start (loadAppThemeOnce); until the answer arrives, and if it fails, the defaults hold.
  const data = useStore(appTheme.store)
  const { theme, css } = useMemo(() => themeCss(data, scheme), [data, scheme])
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} withCssVariables={false}>
      <style data-mantine-styles dangerouslySetInnerHTML={{ __html: css }} />
      {children}
    </MantineProvider>
  )
}
