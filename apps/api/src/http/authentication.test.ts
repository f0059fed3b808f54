import fastifyCookie from '@fastify/cookie'
import fastifyJwt from '@fastify/jwt'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { installAuthentication, type Caller, type VerifiedToken } from './authentication.js'

/** A bare app with the authentication plugin and a loader that counts its lookups. */
async function appWithCountingLoader() {
  const app = Fastify()
  await app.register(fastifyCookie)
  await app.register(fastifyJwt, { secret: 'test-secret-test-secret-test-secret' })
  const lookups: string[] = []
  installAuthentication(app, (verified: VerifiedToken, carrier) => {
    const userId = verified.kind === 'session' ? verified.claims.sub : verified.claims.id
    lookups.push(userId)
    return Promise.resolve({ userId, carrier } as Caller)
  })
  app.get('/me', async (request) => ({ userId: (await request.requireCaller()).userId }))
  // A page that reads two answers in-process; `swap` replaces the credentials it passes on.
  app.get('/page', async (request) => {
    const swap = (request.query as { swap?: string }).swap
    await request.optionalCaller()
    const read = () =>
      request.withCallerHandedOver(async (headers) => {
        const sent = swap ? { ...headers, authorization: `Bearer ${swap}` } : headers
        return (await app.inject({ method: 'GET', url: '/me', headers: sent })).json<{ userId: string }>()
      })
    return [await read(), await read()]
  })
  await app.ready()
  const token = (sub: string) => app.jwt.sign({ sub })
  return { app, lookups, token }
}

describe('a page that reads answers in-process', () => {
  it('looks its caller up once, for the page and every answer it reads', async () => {
    const { app, lookups, token } = await appWithCountingLoader()
    const page = await app.inject({ url: '/page', headers: { authorization: `Bearer ${token('u1')}` } })
    expect(page.json()).toEqual([{ userId: 'u1' }, { userId: 'u1' }])
    expect(lookups).toEqual(['u1'])
  })

  it('hands its caller over only to requests with the same credentials, and only while they run', async () => {
    const { app, lookups, token } = await appWithCountingLoader()
    const page = await app.inject({
      url: `/page?swap=${token('u2')}`,
      headers: { authorization: `Bearer ${token('u1')}` },
    })
    expect(page.json()).toEqual([{ userId: 'u2' }, { userId: 'u2' }])
    expect(lookups).toEqual(['u1', 'u2', 'u2'])
    // A key seen on the wire names nothing once its request has ended.
    const replayed = await app.inject({ url: '/me', headers: { 'x-larder-hand-over': 'any' } })
    expect(replayed.statusCode).toBe(401)
  })
})
