import { Button, Group, Text } from '@mantine/core'
import i18next from 'i18next'
import { useEffect, useState } from 'react'
import { notificationStore, type GeneralNotification, type NotificationState } from './notification-store'
import type * as ToastsModule from './toasts'

type Toasts = typeof ToastsModule

let shownCount = 0

/** The text, and the notification's button when it has one (pressing it acts and closes the toast). */
function messageOf(toasts: Toasts, general: GeneralNotification, id: string) {
  const { action } = general
  if (!action) return general.text
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{general.text}</Text>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => {
          toasts.notifications.hide(id)
          action.onClick()
        }}
      >
        {action.label}
      </Button>
    </Group>
  )
}

function showChange(toasts: Toasts, previous: NotificationState, current: NotificationState) {
  const { general, backup } = current
  if (general !== previous.general && general.open) {
    shownCount += 1
    const id = `general-${shownCount}`
    toasts.notifications.show({
      id,
      title: general.title || undefined,
      message: messageOf(toasts, general, id),
      color: general.color, // theme colours carry the spec's names (build-theme.ts)
      // Cook mode is full screen with its Exit button top right, where toasts stack: there they go to the bottom.
      ...(document.querySelector('.cook-mode') ? { position: 'bottom-center' as const } : {}),
      // A notification with a button ("Undo") stays longer, so that there is time to reach it.
      autoClose: general.color === 'error' || general.action ? 8000 : 5000,
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
