import { getSelf, refreshToken, signIn, signOut, type UserOut } from '@larder/contracts'
import { createStore } from '@/app/create-store'
import { NetworkError } from '@/api/api-error'
import type { Call } from '@/api/call'
import type { HttpClient } from '@/api/client'
import type { TokenStorage } from '@/api/token-storage'

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated'

export interface AuthState {
  status: AuthStatus
  user: UserOut | null
}

export interface Credentials {
  username: string
  password: string
  rememberMe: boolean
}

export interface SessionDependencies {
  call: Call
  send: HttpClient['send']
  tokenStorage: TokenStorage
  /** The last user read, kept on the device: who is signed in when the page opens offline (issue #32). */
  userStorage?: UserStorage
}

export interface UserStorage {
  read(): UserOut | null
  write(user: UserOut): void
  clear(): void
}

/**
 * The signed-in user and how it changes: probe at start, sign in (password or OIDC callback), refresh when the
 * window becomes visible again (never on a timer), sign out. A session fetch the server refuses clears user and token;
 * one that does not reach the server (offline: a shop with no signal) keeps the person signed in as last read, so
 * that the kept shopping lists and their waiting changes stay theirs.
 */
export function createSession({ call, send, tokenStorage, userStorage }: SessionDependencies) {
  const store = createStore<AuthState>({ status: 'loading', user: null })
  let firstLoad: Promise<void> | undefined
  let refreshing: Promise<void> | undefined

  async function fetchSession(): Promise<void> {
    try {
      const user = await call(getSelf, { notify: false })
      userStorage?.write(user)
      store.set({ status: 'authenticated', user })
    } catch (error) {
      const known = store.get().user ?? userStorage?.read() ?? null
      if (error instanceof NetworkError && known && tokenStorage.read()) {
        store.set({ status: 'authenticated', user: known })
        return
      }
      tokenStorage.clear()
      userStorage?.clear()
      store.set({ status: 'unauthenticated', user: null })
    }
  }

  /** Resolves once the first session fetch has settled; guards wait on it. */
  function ensureLoaded(): Promise<void> {
    if (store.get().status !== 'loading') return Promise.resolve()
    firstLoad ??= fetchSession()
    return firstLoad
  }

  async function acceptToken(token: unknown): Promise<UserOut> {
    if (typeof token !== 'string') {
      // docs/web.md "Errors the client shows": a sign-in answer without a string token is logged as an error.
      console.error('Sign-in answered without a string access token:', token)
      throw new Error('Sign-in failed: no access token in the answer')
    }
    tokenStorage.write(token)
    await fetchSession()
    const { user } = store.get()
    if (!user) throw new Error('Sign-in failed: the session could not be read')
    return user
  }

  async function signInWithPassword(credentials: Credentials): Promise<UserOut> {
    const answer = await call(signIn, {
      body: {
        username: credentials.username,
        password: credentials.password,
        remember_me: credentials.rememberMe,
      },
    })
    return acceptToken((answer as { access_token?: unknown } | null)?.access_token)
  }

  /** Completes an OIDC sign-in: the callback gets the page's query string as it came from the provider. */
  async function signInWithOAuthCallback(search: string): Promise<UserOut> {
    const answer = await send({
      method: 'GET',
      path: '/api/auth/oauth/callback',
      searchParams: new URLSearchParams(search),
    })
    return acceptToken((answer as { access_token?: unknown } | null)?.access_token)
  }

  /** On visibility: a fresh token, then the user again (permissions may have changed meanwhile). */
  function refresh(): Promise<void> {
    if (store.get().status !== 'authenticated') return Promise.resolve()
    refreshing ??= (async () => {
      try {
        const answer = await call(refreshToken, { notify: false })
        if (typeof answer.access_token === 'string') tokenStorage.write(answer.access_token)
      } catch {
        // The session fetch below decides: it clears everything if the session is gone.
      }
      await fetchSession()
    })().finally(() => {
      refreshing = undefined
    })
    return refreshing
  }

  async function signOutEverywhere(): Promise<void> {
    try {
      await call(signOut, { notify: false })
    } finally {
      tokenStorage.clear()
      userStorage?.clear()
      store.set({ status: 'unauthenticated', user: null })
    }
  }

  return {
    store,
    ensureLoaded,
    fetchSession,
    signInWithPassword,
    signInWithOAuthCallback,
    refresh,
    signOut: signOutEverywhere,
  }
}

export type Session = ReturnType<typeof createSession>
