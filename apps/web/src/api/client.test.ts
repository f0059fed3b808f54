// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from './api-error'
import { createHttpClient, retryStatusCodes } from './client'
import type { NotificationMessage } from '@/notifications/notification-store'

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function clientWith(
  answers: Array<Response | Error>,
  options: { token?: string; xsrf?: string; offline?: () => boolean } = {},
) {
  const requests: Request[] = []
  const notifications: NotificationMessage[] = []
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init))
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)]
    if (answer instanceof Error) return Promise.reject(answer)
    return Promise.resolve(answer!.clone())
  })
  const client = createHttpClient({
    origin: 'http://larder.test',
    getToken: () => options.token ?? null,
    readCookie: (name) => (name === 'XSRF-TOKEN' ? options.xsrf : undefined),
    notify: (message) => notifications.push(message),
    fetch,
    retryDelay: 0,
    ...(options.offline ? { isOffline: options.offline } : {}),
  })
  return { client, requests, notifications }
}

describe('retry rules', () => {
  it.each(retryStatusCodes)('retries a GET once on %i', async (status) => {
    const { client, requests } = clientWith([json(status, {}), json(200, { ok: true })])
    await expect(client.send({ method: 'GET', path: '/api/app/about' })).resolves.toEqual({ ok: true })
    expect(requests).toHaveLength(2)
  })

  it('gives up after one retry', async () => {
    const { client, requests } = clientWith([json(503, {})])
    await expect(client.send({ method: 'GET', path: '/api/x' })).rejects.toBeInstanceOf(ApiError)
    expect(requests).toHaveLength(2)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s', async (method) => {
    const { client, requests } = clientWith([json(503, {}), json(200, {})])
    await expect(client.send({ method, path: '/api/x', json: {} })).rejects.toMatchObject({ status: 503 })
    expect(requests).toHaveLength(1)
  })

  it.each([400, 401, 403, 404, 422])('does not retry a GET on %i', async (status) => {
    const { client, requests } = clientWith([json(status, {}), json(200, {})])
    await expect(client.send({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({ status })
    expect(requests).toHaveLength(1)
  })
})

describe('requests', () => {
  it('resolves paths against the base path / of the origin, with bearer and XSRF headers and credentials', async () => {
    const { client, requests } = clientWith([json(200, {})], { token: 'abc', xsrf: 'xsrf-1' })
    await client.send({ method: 'POST', path: '/api/auth/logout' })
    const request = requests[0]!
    expect(request.url).toBe('http://larder.test/api/auth/logout')
    expect(request.headers.get('authorization')).toBe('Bearer abc')
    expect(request.headers.get('x-xsrf-token')).toBe('xsrf-1')
    expect(request.credentials).toBe('include')
  })

  it('sends no XSRF header with a request that changes nothing', async () => {
    const { client, requests } = clientWith([json(200, {})], { token: 'abc', xsrf: 'xsrf-1' })
    await client.send({ method: 'GET', path: '/api/recipes' })
    expect(requests[0]!.headers.get('x-xsrf-token')).toBeNull()
  })

  it("sends a caller's own headers beside the bearer and XSRF headers (a write's Idempotency-Key)", async () => {
    const { client, requests } = clientWith([json(200, {})], { token: 'abc', xsrf: 'xsrf-1' })
    await client.send({ method: 'PUT', path: '/api/x', json: {}, headers: { 'Idempotency-Key': 'key-1' } })
    expect(requests[0]!.headers.get('idempotency-key')).toBe('key-1')
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer abc')
    expect(requests[0]!.headers.get('x-xsrf-token')).toBe('xsrf-1')
  })
})

describe('notifications', () => {
  it('shows a successful answer with a message as an info notification', async () => {
    const { client, notifications } = clientWith([json(200, { message: 'Logged out', error: false })])
    await client.send({ method: 'POST', path: '/api/auth/logout' })
    expect(notifications).toEqual([{ text: 'Logged out', color: 'info' }])
  })

  it('stays quiet for answers without a message', async () => {
    const { client, notifications } = clientWith([json(200, { version: '1' })])
    await client.send({ method: 'GET', path: '/api/app/about' })
    expect(notifications).toEqual([])
  })

  it('shows detail.message of a failure as an error notification and still rejects', async () => {
    const body = { detail: { message: 'Wrong password', error: true, exception: null } }
    const { client, notifications } = clientWith([json(401, body)])
    const failure = client.send({ method: 'POST', path: '/api/auth/token' })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Wrong password', notified: true, body })
    expect(notifications).toEqual([{ text: 'Wrong password', color: 'error' }])
  })

  it('shows the error once even when the GET was retried', async () => {
    const body = { detail: { message: 'Down for maintenance', error: true, exception: null } }
    const { client, notifications } = clientWith([json(503, body)])
    await expect(client.send({ method: 'GET', path: '/api/x' })).rejects.toBeInstanceOf(ApiError)
    expect(notifications).toHaveLength(1)
  })

  it('can be silenced per call', async () => {
    const { client, notifications } = clientWith([
      json(401, { detail: { message: 'No', error: true, exception: null } }),
    ])
    await expect(client.send({ method: 'GET', path: '/api/users/self', notify: false })).rejects.toMatchObject({
      notified: false,
    })
    expect(notifications).toEqual([])
  })
})

describe('network failures', () => {
  it('become "Network Error" (after the one retry a GET gets)', async () => {
    const { client, requests } = clientWith([new TypeError('fetch failed')])
    const failure = client.send({ method: 'GET', path: '/api/x' })
    await expect(failure).rejects.toBeInstanceOf(NetworkError)
    await expect(failure).rejects.toThrow('Network Error')
    expect(requests).toHaveLength(2)
  })

  it('are not retried while the device says it is offline: the retry would only hold the screen back', async () => {
    const { client, requests } = clientWith([new TypeError('fetch failed')], { offline: () => true })
    await expect(client.send({ method: 'GET', path: '/api/users/self' })).rejects.toBeInstanceOf(NetworkError)
    expect(requests).toHaveLength(1)
  })

  it('still retry a GET once when the device believes it is online', async () => {
    const { client, requests } = clientWith([new TypeError('fetch failed')], { offline: () => false })
    await expect(client.send({ method: 'GET', path: '/api/users/self' })).rejects.toBeInstanceOf(NetworkError)
    expect(requests).toHaveLength(2)
  })

  it('offline, a refused status is still retried by the usual rules (the answer came, so the network is there)', async () => {
    const { client, requests } = clientWith([json(503, {}), json(200, { ok: true })], { offline: () => true })
    await expect(client.send({ method: 'GET', path: '/api/x' })).resolves.toEqual({ ok: true })
    expect(requests).toHaveLength(2)
  })

  it('are not retried for a POST', async () => {
    const { client, requests } = clientWith([new TypeError('fetch failed')])
    await expect(client.send({ method: 'POST', path: '/api/x' })).rejects.toThrow('Network Error')
    expect(requests).toHaveLength(1)
  })
})

describe('messages a person reads', () => {
  it('says in words that a filter could not be used, instead of the grammar’s wording, and keeps the raw body', async () => {
    const raw = "invalid query string: 'me' is not a valid UUID for 'favorited_by.id'"
    const { client, notifications } = clientWith([
      json(400, { detail: { message: raw, error: true, exception: null } }),
    ])
    const error = await client.send({ method: 'GET', path: '/api/recipes' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toMatch(/^This list could not be filtered/)
    expect((error as ApiError).body).toEqual({ detail: { message: raw, error: true, exception: null } })
    expect(notifications.map((notification) => notification.text)).toEqual([(error as ApiError).message])
    expect(notifications[0]!.text).not.toContain('UUID')
  })

  it('passes a sentence from the server through unchanged', async () => {
    const { client, notifications } = clientWith([
      json(409, { detail: { message: 'A recipe with this name already exists', error: true, exception: null } }),
    ])
    await client.send({ method: 'POST', path: '/api/recipes', json: {} }).catch(() => undefined)
    expect(notifications.map((notification) => notification.text)).toEqual(['A recipe with this name already exists'])
  })
})
