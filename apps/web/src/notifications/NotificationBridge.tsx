import i18next from 'i18next'
import { useEffect, useState } from 'react'
import { notificationStore, type NotificationState } from './notification-store'
import type * as ToastsModule from './toasts'

type Toasts = typeof ToastsModule

let shownCount = 0

function showChange(toasts: Toasts, previous: NotificationState, current: NotificationState) {
  const { general, backup } = current
  if (general !== previous.general && general.open) {
    shownCount += 1
    toasts.notifications.show({
      id: `general-${shownCount}`,
      title: general.title || undefined,
      message: general.text,
      color: general.color, // theme colours carry the spec's names (build-theme.ts)
      // Cook mode is full screen with its Exit button top right, where toasts stack: there they go to the bottom.
      ...(document.querySelector('.cook-mode') ? { position: 'bottom-center' as const } : {}),
      autoClose: general.color === 'error' ? 8000 : 5000,
      // Mantine's close button is an icon alone: without a name screen readers announce "button" (axe: button-name).
      closeButtonProps: { 'aria-label': i18next.t('common.close') },
      onClose: () => notificationStore.close(),
    })
  }
  if (backup !== previous.backup) {
    if (backup.open) {
      toasts.notifications.show({
        id: 'backup',
        message: backup.text,
        color: backup.color,
        loading: true,
        autoClose: false,
      })
    } else {
      toasts.notifications.hide('backup')
    }
  }
}

/**
 * Shows the notification store as Mantine toasts; closing a toast closes the store's notification, so "open"
 * stays true exactly while it is on screen. The toast code loads with the first notification.
 */
export function NotificationBridge() {
  const [toasts, setToasts] = useState<Toasts>()
  useEffect(() => {
    let previous: NotificationState = notificationStore.get()
    let loaded: Toasts | undefined
    let loading: Promise<Toasts> | undefined
    return notificationStore.subscribe(() => {
      const current = notificationStore.get()
      const before = previous
      previous = current
      if (loaded) {
        showChange(loaded, before, current)
        return
      }
      loading ??= import('./toasts').then((module) => {
        loaded = module
        setToasts(module)
        return module
      })
      // Wait one frame after mounting <Notifications/> so its store listener is in place.
      void loading.then((module) => requestAnimationFrame(() => showChange(module, before, current)))
    })
  }, [])
  return toasts ? <toasts.Notifications position="top-right" zIndex={1000} /> : null
}
