import { signIn } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.js'

const attempts = 6
const limit = 3

/** Wrong sign-ins from one connection, each claiming a different client address in X-Forwarded-For. */
async function signInsWithRotatingForwardedFor(environment: Record<string, string>, remoteAddress: string) {
  const { api } = await createTestApp({
    SECURITY_AUTH_RATE_LIMIT: String(limit),
    SECURITY_MAX_LOGIN_ATTEMPTS: '100',
    ...environment,
  })
  const statuses: number[] = []
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const response = await api.call(signIn, {
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
      body: { username: 'nobody@example.com', password: 'wrong password' },
    })
    statuses.push(response.status)
  }
  return statuses
}

describe('forwarding headers and TRUSTED_PROXIES', () => {
  it('ignores X-Forwarded-For by default, so rotating it does not escape the sign-in rate limit', async () => {
    const statuses = await signInsWithRotatingForwardedFor({}, '203.0.113.7')
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - limit)
  })

  it('ignores X-Forwarded-For from a connection that is not a trusted proxy', async () => {
    const statuses = await signInsWithRotatingForwardedFor({ TRUSTED_PROXIES: '127.0.0.1' }, '203.0.113.7')
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - limit)
  })

  it('takes the client address from X-Forwarded-For when the connection comes from a trusted proxy', async () => {
    const statuses = await signInsWithRotatingForwardedFor({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' }, '127.0.0.1')
    expect(statuses).not.toContain(429)
  })
})
