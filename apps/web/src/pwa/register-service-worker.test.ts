import { describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from './register-service-worker'

function fakeContainer() {
  const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration))
  return { register, container: { register } as unknown as ServiceWorkerContainer }
}

describe('registering the service worker', () => {
  it('registers at once when the page has already loaded (start() runs after the load event)', () => {
    expect(document.readyState).toBe('complete')
    const { register, container } = fakeContainer()
    registerServiceWorker({ production: true, container })
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('waits for the load event while the page is still loading', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const { register, container } = fakeContainer()
    registerServiceWorker({ production: true, container })
    expect(register).not.toHaveBeenCalled()
    readyState.mockReturnValue('complete')
    window.dispatchEvent(new Event('load'))
    expect(register).toHaveBeenCalledTimes(1)
    readyState.mockRestore()
  })

  it('registers nothing in development or without service workers', () => {
    const { register, container } = fakeContainer()
    registerServiceWorker({ production: false, container })
    registerServiceWorker({ production: true, container: undefined })
    expect(register).not.toHaveBeenCalled()
  })
})
