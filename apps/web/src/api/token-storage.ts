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
