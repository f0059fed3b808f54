import { call, httpClient } from '@/api/http'
import { tokenStorage, userStorage } from '@/api/token-storage'
import { useStore } from '@/app/create-store'
import { createSession, type AuthState } from './session'

/** The app's one session. */
export const session = createSession({ call, send: httpClient.send, tokenStorage, userStorage })

export function useAuth(): AuthState {
  return useStore(session.store)
}

/** docs/web.md "Client states": refreshed when the window becomes visible again; no periodic refresh. */
export function refreshSessionWhenVisible(): () => void {
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') void session.refresh()
  }
  document.addEventListener('visibilitychange', onVisibilityChange)
  return () => document.removeEventListener('visibilitychange', onVisibilityChange)
}
