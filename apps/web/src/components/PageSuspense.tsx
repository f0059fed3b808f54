import { Center, Loader } from '@mantine/core'
import { Suspense, type ReactNode } from 'react'

/** Where a layout waits for its page's chunk, keeping the layout itself on screen. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status" aria-busy="true">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  )
}
