import { Component, useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { FullPageLoader } from '@/components/FullPageLoader'
import { isChunkLoadError, mayReloadForChunk, reloadForChunkError } from '@/pwa/chunk-reload'
import { ErrorContent } from './ErrorContent'

/** A failed chunk reloads the page (at most once per 10 s per path); past the guard, the error page shows. */
function ChunkErrorReload() {
  // Decided once on mount (reading the guard has no effect); the effect then claims the reload and performs it.
  const [reloading] = useState(() => mayReloadForChunk(window.location.pathname, Date.now()))
  useEffect(() => {
    if (reloading) reloadForChunkError()
  }, [reloading])
  return reloading ? <FullPageLoader /> : <ErrorContent kind="server-error" />
}

interface BoundaryProps {
  pathname: string
  children: ReactNode
}

class Boundary extends Component<BoundaryProps, { error: unknown; pathname: string | null }> {
  override state = { error: undefined as unknown, pathname: null as string | null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; pathname: string | null }) {
    // Navigating away from a broken page clears the error.
    if (state.pathname !== props.pathname) return { error: undefined, pathname: props.pathname }
    return null
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) console.error(error)
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    if (isChunkLoadError(this.state.error)) return <ChunkErrorReload />
    return <ErrorContent kind="server-error" />
  }
}

/** The routes' error element: "Internal Server Error" for anything a page throws, chunk failures reload. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <Boundary pathname={pathname}>{children}</Boundary>
}
