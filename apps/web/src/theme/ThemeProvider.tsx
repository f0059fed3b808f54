import { MantineProvider } from '@mantine/core'
import { useMemo, type ReactNode } from 'react'
import { appTheme } from '@/api/app-facts'
import { useStore } from '@/app/create-store'
import { buildTheme } from './build-theme'
import { useColorScheme } from './color-scheme-store'
import { cssVariablesResolver } from './css-variables'

/** Mantine themed from the server's colours (defaults until they arrive or when the call fails). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme()
  // main.tsx asks once at start (loadAppThemeOnce); until the answer arrives, and if it fails, the defaults hold.
  const data = useStore(appTheme.store)
  const theme = useMemo(() => buildTheme(data, scheme), [data, scheme])
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  )
}
