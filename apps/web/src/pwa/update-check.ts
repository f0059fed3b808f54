import { useEffect } from 'react'

/** docs/web.md "Installable app": look for a new build every 120 s. */
export const updateCheckIntervalMs = 120_000

/** True when the deployed build differs from the one running in this tab. */
export async function isNewBuildDeployed(currentBuildId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher('/build-manifest.json', { cache: 'no-store' })
    if (!response.ok) return false
    const manifest = (await response.json()) as { buildId?: unknown }
    return typeof manifest.buildId === 'string' && manifest.buildId !== currentBuildId
  } catch {
    // Offline or mid-deploy: try again at the next tick.
    return false
  }
}

/**
 * Polls the build manifest every 120 s while the user is active (paused while idle) and reloads on a new build.
 * Coming back from idle checks at once, so a tab left open overnight updates as soon as someone touches it.
 */
export function useUpdateCheck(idle: boolean) {
  useEffect(() => {
    if (idle || __BUILD_ID__ === 'development') return
    const check = () => {
      void isNewBuildDeployed(__BUILD_ID__).then((isNew) => {
        if (isNew) window.location.reload()
      })
    }
    check()
    const timer = window.setInterval(check, updateCheckIntervalMs)
    return () => window.clearInterval(timer)
  }, [idle])
}
