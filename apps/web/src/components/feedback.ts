import { notificationStore, type NotificationAction } from '@/notifications/notification-store'

/** A success toast through the app's one notification store, with a button ("Undo") when `action` is given. */
export function notifySuccess(text: string, action?: NotificationAction) {
  notificationStore.open({ text, color: 'success', ...(action ? { action } : {}) })
}

export function notifyError(text: string) {
  notificationStore.open({ text, color: 'error' })
}
