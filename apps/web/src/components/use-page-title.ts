import { useEffect } from 'react'

/** Sets the browser tab's title to "<page> · Larder". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Larder` : 'Larder'
  }, [title])
}
