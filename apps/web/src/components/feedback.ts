import { notificationStore } from '@/notifications/notification-store'

/** A success toast through the app's one notification store. */
export function notifySuccess(text: string) {
  notificationStore.open({ text, color: 'success' })
}

export function notifyError(text: string) {
  notificationStore.open({ text, color: 'error' })
}
