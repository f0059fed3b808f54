import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'

/**
 * A dialog's open state, and whether it has ever been opened: a dialog whose code is loaded lazily is mounted on its
 * first open (not on the page's first render, docs/budgets.md "Web budgets") and stays mounted afterwards, so that closing it animates
 * and returns the focus.
 */
export function useDialogOnFirstOpen() {
  const [opened, { open, close }] = useDisclosure(false)
  const [mounted, setMounted] = useState(false)
  return {
    opened,
    mounted,
    open: () => {
      setMounted(true)
      open()
    },
    close,
  }
}
