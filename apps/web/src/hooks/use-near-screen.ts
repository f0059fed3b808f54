import { useCallback, useState } from 'react'

/**
 * True once the element given to the returned ref has come within `margin` of the screen, and from then on. Where
 * there is no IntersectionObserver (jsdom), true at once: the element's content is drawn as it would have been.
 */
export function useNearScreen(margin = '600px'): [ref: (element: Element | null) => void, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || near) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return
          observer.disconnect()
          setNear(true)
        },
        { rootMargin: margin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [margin, near],
  )
  return [ref, near]
}
