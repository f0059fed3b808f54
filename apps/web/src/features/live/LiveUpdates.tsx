import { ActionIcon, Tooltip } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/features/auth'
import { useLiveStatus } from './live-status'

/** After the page's own work: the browser's idle time, or a second at most. */
function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(work, { timeout: 1000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, 200)
  return () => clearTimeout(timer)
}

/**
 * Keeps the live connection open while someone is signed in; a visitor has none. Its code loads when the page is idle,
 * so that it costs the first render nothing (the Lighthouse budget of docs/budgets.md "Web budgets").
 */
export function LiveUpdates() {
  const signedIn = useAuth().user !== null
  useEffect(() => {
    if (!signedIn) return
    let stop: (() => void) | undefined
    let cancelled = false
    const cancelWait = whenIdle(() => {
      void import('./live-updates').then(({ liveUpdates }) => {
        if (cancelled) return
        liveUpdates.start()
        stop = () => liveUpdates.stop()
      })
    })
    return () => {
      cancelled = true
      cancelWait()
      stop?.()
    }
  }, [signedIn])
  return null
}

/** A quiet sign in the header while changes made elsewhere arrive late (every 10 s) instead of at once. */
export function LiveStatusIndicator() {
  const { t } = useTranslation()
  const status = useLiveStatus()
  if (status !== 'polling') return null
  return (
    <Tooltip label={t('live.polling')} multiline w={240} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={t('live.polling')}>
        <IconCloudOff size={18} />
      </ActionIcon>
    </Tooltip>
  )
}
