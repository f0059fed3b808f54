import { ActionIcon, Tooltip } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/features/auth'
import { liveUpdates, useLiveStatus } from './live-updates'

/** Keeps the live connection open while someone is signed in; a visitor has none. */
export function LiveUpdates() {
  const signedIn = useAuth().user !== null
  useEffect(() => {
    if (!signedIn) return
    liveUpdates.start()
    return () => liveUpdates.stop()
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
