// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCall } from '@/api/call'
import { createHttpClient } from '@/api/client'
import type { TokenStorage } from '@/api/token-storage'
import type { UserOut } from '@larder/contracts'
import { createSession, type UserStorage } from './session'

const user = { id: '00000000-0000-4000-8000-000000000001', groupSlug: 'home', admin: true, email: 'a@b.c' }

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function sessionWith(route: (url: URL, method: string) => Response, options: { knownUser?: UserOut } = {}) {
  let token: string | null = 'old-token'
  let known: UserOut | null = options.knownUser ?? null
  const userStorage: UserStorage = {
    read: () => known,
    write: (value) => void (known = value),
    clear: () => void (known = null),
  }
  const tokenStorage: TokenStorage = {
    read: () => token,
    write: (value) => void (token = value),
    clear: () => void (token = null),
  }
  const client = createHttpClient({
    origin: 'http://larder.test',
    getToken: () => tokenStorage.read(),
    readCookie: () => undefined,
    notify: () => {},
    // Async: a route that throws (no network) rejects the fetch, as a browser's does.
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      await Promise.resolve()
      const request = input instanceof Request ? input : new Request(input, init)
      return route(new URL(request.url), request.method)
    },
    retryDelay: 0,
  })
  const session = createSession({ call: createCall(client), send: client.send, tokenStorage, userStorage })
  return { session, token: () => token, known: () => known }
}

afterEach(() => vi.restoreAllMocks())

describe('session', () => {
  it('logs an error when sign-in answers a token that is not a string', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { session } = sessionWith(() => json(200, { access_token: 42, token_type: 'bearer' }))
    await expect(session.signInWithPassword({ username: 'a', password: 'b', rememberMe: false })).rejects.toThrow()
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('string access token'), 42)
  })

  it('stores a string token and becomes authenticated', async () => {
    const { session, token } = sessionWith((url) =>
      url.pathname === '/api/auth/token'
        ? json(200, { access_token: 'new-token', token_type: 'bearer' })
        : json(200, user),
    )
    await session.signInWithPassword({ username: 'a', password: 'b', rememberMe: true })
    expect(token()).toBe('new-token')
    expect(session.store.get()).toEqual({ status: 'authenticated', user })
  })

  it('clears user and token when the session fetch fails', async () => {
    const { session, token } = sessionWith(() =>
      json(401, { detail: { message: 'Not signed in', error: true, exception: null } }),
    )
    await session.ensureLoaded()
    expect(session.store.get()).toEqual({ status: 'unauthenticated', user: null })
    expect(token()).toBeNull()
  })

  it('keeps the person signed in as last read when the session fetch cannot reach the server (offline)', async () => {
    const offline = () => {
      throw new TypeError('Failed to fetch')
    }
    const { session, token, known } = sessionWith(offline, { knownUser: user as unknown as UserOut })
    await session.ensureLoaded()
    expect(session.store.get()).toEqual({ status: 'authenticated', user })
    expect(token()).toBe('old-token')
    // Nobody known on this device: offline is no sign-in.
    const stranger = sessionWith(offline)
    await stranger.session.ensureLoaded()
    expect(stranger.session.store.get()).toEqual({ status: 'unauthenticated', user: null })
    expect(known()).toEqual(user)
  })

  it('remembers the user read, and forgets them when the server refuses the session', async () => {
    let signedIn = true
    const { session, known, token } = sessionWith(() =>
      signedIn ? json(200, user) : json(401, { detail: { message: 'Not signed in', error: true, exception: null } }),
    )
    await session.ensureLoaded()
    expect(known()).toEqual(user)
    signedIn = false
    await session.fetchSession()
    expect(known()).toBeNull()
    expect(token()).toBeNull()
  })

  it('stores the OIDC callback token after calling the callback with the same query', async () => {
    const seen: string[] = []
    const { session, token } = sessionWith((url) => {
      seen.push(`${url.pathname}${url.search}`)
      return url.pathname === '/api/auth/oauth/callback' ? json(200, { access_token: 'oidc-token' }) : json(200, user)
    })
    await session.signInWithOAuthCallback('?code=abc&state=xyz')
    expect(seen[0]).toBe('/api/auth/oauth/callback?code=abc&state=xyz')
    expect(token()).toBe('oidc-token')
  })
})
