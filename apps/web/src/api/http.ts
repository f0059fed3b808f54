import { createCall } from './call'
import { createHttpClient } from './client'
import { readCookie } from './cookies'
import { tokenStorage } from './token-storage'
import { notificationStore } from '@/notifications/notification-store'

/** The app's one HTTP client (base path `/` of this origin) and its typed caller. */
export const httpClient = createHttpClient({
  origin: window.location.origin,
  getToken: () => tokenStorage.read(),
  notify: (message) => notificationStore.open(message),
  readCookie,
  isOffline: () => navigator.onLine === false,
})

export const call = createCall(httpClient)
