import type { UserOut } from '@larder/contracts'

/** Where the access token lives between page loads; sent as `Authorization: Bearer` by the client. */
export const tokenStorageKey = 'larder.auth.token'

export const tokenStorage = {
  read(): string | null {
    try {
      return localStorage.getItem(tokenStorageKey)
    } catch {
      return null
    }
  },
  write(token: string) {
    localStorage.setItem(tokenStorageKey, token)
  },
  clear() {
    localStorage.removeItem(tokenStorageKey)
  },
}

export type TokenStorage = typeof tokenStorage

export const userStorageKey = 'larder.auth.user'

/** The signed-in user as last read, beside the token: who is signed in when the page opens offline. */
export const userStorage = {
  read(): UserOut | null {
    try {
      const saved = localStorage.getItem(userStorageKey)
      return saved ? (JSON.parse(saved) as UserOut) : null
    } catch {
      return null
    }
  },
  write(user: UserOut) {
    try {
      localStorage.setItem(userStorageKey, JSON.stringify(user))
    } catch {
      // A full or closed storage costs the offline start only.
    }
  },
  clear() {
    localStorage.removeItem(userStorageKey)
  },
}
