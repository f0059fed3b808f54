import { Center, Loader } from '@mantine/core'
import { Suspense, type ReactNode } from 'react'
import { FullPageLoader } from './FullPageLoader'

/**
 * Where a layout waits for its page's chunk, keeping the layout itself on screen. Layouts without chrome (`fullPage`)
 * centre the spinner on the screen, where their page will stand, instead of leaving it alone at the top.
 */
export function PageSuspense({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  return (
    <Suspense
      fallback={
        fullPage ? (
          <FullPageLoader />
        ) : (
          <Center py="xl" role="status" aria-busy="true">
            <Loader size="sm" />
          </Center>
        )
      }
    >
      {children}
    </Suspense>
  )
}
