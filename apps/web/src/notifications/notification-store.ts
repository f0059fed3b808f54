import { createStore } from '@/app/create-store'

export type NotificationColor = 'info' | 'success' | 'error' | 'warning'

/** One button on a notification ("Undo"): pressing it runs `onClick` and closes the notification. */
export interface NotificationAction {
  label: string
  onClick: () => void
}

/** The general notification of docs/web.md "Notifications". */
export interface GeneralNotification {
  open: boolean
  title: string
  text: string
  color: NotificationColor
  action?: NotificationAction
}

/** The second notification of docs/web.md "Notifications" (shown while a backup is restored). */
export interface BackupNotification {
  open: boolean
  text: string
  color: NotificationColor
}

export interface NotificationState {
  general: GeneralNotification
  backup: BackupNotification
}

export interface NotificationMessage {
  title?: string
  text: string
  color: NotificationColor
  action?: NotificationAction
}

export function initialNotificationState(): NotificationState {
  return {
    general: { open: false, title: '', text: '', color: 'info' },
    backup: { open: false, text: 'Importing Backup', color: 'success' },
  }
}

export function createNotificationStore() {
  const store = createStore(initialNotificationState())
  return {
    ...store,
    open(message: NotificationMessage) {
      store.update((state) => ({
        ...state,
        general: {
          open: true,
          title: message.title ?? '',
          text: message.text,
          color: message.color,
          ...(message.action ? { action: message.action } : {}),
        },
      }))
    },
    close() {
      store.update((state) => ({ ...state, general: { ...state.general, open: false } }))
    },
    openBackup(text = 'Importing Backup', color: NotificationColor = 'success') {
      store.update((state) => ({ ...state, backup: { open: true, text, color } }))
    },
    closeBackup() {
      store.update((state) => ({ ...state, backup: { ...state.backup, open: false } }))
    },
  }
}

export type NotificationStore = ReturnType<typeof createNotificationStore>

/** The app's one notification store; the HTTP client opens it, NotificationBridge shows it. */
export const notificationStore = createNotificationStore()
