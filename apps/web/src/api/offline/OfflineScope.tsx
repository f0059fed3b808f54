import type { QueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { queryClient } from '@/api/query-client'
import { keepQueries, type KeptRoot } from './kept-queries'
import { askForLastingStorage } from './offline-store'
import { createOfflineWrites, type OfflineWrites } from './offline-writes'
import { OfflineWritesProvider } from './use-offline-writes'

/** What a feature keeps on the device: its query roots, its write definitions, and how to read all of it. */
export interface OfflineFeature {
  roots: readonly KeptRoot[]
  /** Imports the module that declares the feature's writes: they must be known before the kept writes are restored. */
  register: () => Promise<unknown>
  /**
   * Brings everything the feature keeps up to date (every list of the household, not only the ones opened), when
   * online: what is kept already may be caught up by its changes rather than read whole.
   */
  warm: (queryClient: QueryClient) => Promise<unknown>
}

let askedForStorage = false

interface Scope {
  userId: string
  writes: OfflineWrites
  kept: ReturnType<typeof keepQueries>
  ready: Promise<void>
  value: OfflineWrites
}

/**
 * One scope per signed-in person for the page's life, made outside React: a second instance (StrictMode renders
 * twice, a remount) would restore the same kept writes twice. Another person signing in closes the last one's.
 */
let current: Scope | undefined

function scopeFor(userId: string, features: readonly OfflineFeature[]): Scope {
  if (current?.userId === userId) return current
  if (current) {
    current.kept.stop()
    void current.writes.close()
  }
  const writes = createOfflineWrites({ queryClient, userId })
  const kept = keepQueries({ queryClient, userId, roots: features.flatMap((feature) => feature.roots) })
  const ready = (async () => {
    // Each step on its own: a feature that failed to load or a device without storage still lets writes be made.
    // The kept answers need no write definitions: read alongside the features' imports rather than after them, so
    // that a list opened offline is in the cache as soon as the device has read it (issue #32: under 500 ms).
    await Promise.all([
      ...features.map((feature) => feature.register().catch(() => undefined)),
      kept.restore().catch(() => undefined),
    ])
    await writes.restore()
  })()
  const value: OfflineWrites = {
    ...writes,
    restore: () => ready,
    // Signing out forgets this person's waiting writes and kept answers on the device.
    forget: async () => {
      if (current?.userId === userId) current = undefined
      await Promise.all([writes.forget(), kept.forget()])
    },
  }
  current = { userId, writes, kept, ready, value }
  return current
}

/**
 * The signed-in person's offline writes and kept answers (DESIGN: issue #32). Once the user is known: the features'
 * write definitions are imported while the kept answers are put back in the cache, then the kept writes restored on
 * them (after both, so that their optimistic changes land on the lists read from the device), and every kept list brought
 * up to date when online, after sign-in and whenever the page becomes visible. A screen's write waits for all of that
 * (`restore()` is the wait), so that a write made in the first moment is never sent ahead of older ones.
 */
export function OfflineScope({
  userId,
  features,
  children,
}: {
  /** The signed-in person (undefined: a visitor, who writes nothing). */
  userId: string | undefined
  features: readonly OfflineFeature[]
  children: ReactNode
}) {
  const scope = userId ? scopeFor(userId, features) : null

  useEffect(() => {
    if (!scope) return
    let stopped = false
    const warm = () => {
      if (stopped || !navigator.onLine || document.visibilityState !== 'visible') return
      for (const feature of features) void feature.warm(queryClient).catch(() => undefined)
    }
    void scope.ready.then(() => {
      if (!askedForStorage) {
        askedForStorage = true
        void askForLastingStorage()
      }
      warm()
    })
    const onVisibility = () => {
      if (document.visibilityState === 'visible') warm()
      // Hidden: the phone may close the app; what waits is saved now rather than at the end of a throttle.
      else void Promise.all([scope.kept.flush(), scope.writes.flush()])
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('online', warm)
    return () => {
      stopped = true
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('online', warm)
    }
  }, [scope, features])

  if (!scope) return children
  return <OfflineWritesProvider writes={scope.value}>{children}</OfflineWritesProvider>
}
