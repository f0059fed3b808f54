import '@testing-library/jest-dom/vitest'
import { afterEach } from 'vitest'

afterEach(async () => {
  // Files that run in the node environment have no DOM and no storage.
  if (typeof document === 'undefined') return
  const { cleanup } = await import('@testing-library/react')
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
