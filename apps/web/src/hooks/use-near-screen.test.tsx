import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNearScreen } from './use-near-screen'

function Section() {
  const [ref, near] = useNearScreen('300px')
  return <div ref={ref}>{near ? 'drawn' : 'waiting'}</div>
}

/** An IntersectionObserver whose callbacks the test calls: the element comes near the screen when it says so. */
function installObserver() {
  const observers: {
    callback: IntersectionObserverCallback
    options?: IntersectionObserverInit
    observed: Element[]
  }[] = []
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options, observed: [] })
    }
    observe(element: Element) {
      observers.at(-1)!.observed.push(element)
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  const scrollNear = (isIntersecting: boolean) =>
    act(() => {
      for (const observer of observers)
        observer.callback(
          observer.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          observer as unknown as IntersectionObserver,
        )
    })
  return { observers, scrollNear }
}

describe('useNearScreen', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is false until the element comes within the margin of the screen, then stays true', () => {
    const { observers, scrollNear } = installObserver()
    render(<Section />)
    expect(screen.getByText('waiting')).toBeInTheDocument()
    expect(observers[0]?.options?.rootMargin).toBe('300px')
    scrollNear(false)
    expect(screen.getByText('waiting')).toBeInTheDocument()
    scrollNear(true)
    expect(screen.getByText('drawn')).toBeInTheDocument()
    scrollNear(false)
    expect(screen.getByText('drawn')).toBeInTheDocument()
  })

  it('is true at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Section />)
    expect(screen.getByText('drawn')).toBeInTheDocument()
  })
})
