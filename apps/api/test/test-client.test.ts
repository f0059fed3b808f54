import { endpoint, ErrorResponse } from '@larder/contracts'
import fastifyJwt from '@fastify/jwt'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestClient } from './test-client.js'

const Pantry = z.object({ id: z.string(), shelves: z.array(z.object({ name: z.string() })) })
const readPantry = endpoint({
  method: 'GET',
  path: '/api/pantries/:id',
  summary: 'A pantry',
  tags: ['Test'],
  auth: 'user',
  params: z.object({ id: z.string() }),
  responses: { 200: Pantry, 404: ErrorResponse },
})

async function serverAnswering(status: number, answer: unknown) {
  const app = Fastify()
  await app.register(fastifyJwt, { secret: 'a-test-secret-that-is-long-enough-for-hs256' })
  app.get('/api/pantries/:id', async (request, reply) => {
    await request.jwtVerify()
    return reply.code(status).send(answer)
  })
  return createTestClient(app, (userId) => app.jwt.sign({ sub: userId }))
}

describe('the typed test client', () => {
  it('returns an answer that matches the schema declared for its status', async () => {
    const api = await serverAnswering(200, { id: 'p1', shelves: [{ name: 'top' }] })
    const pantry = await api.ok(readPantry, { params: { id: 'p1' }, as: { id: 'someone' } })
    expect(pantry.shelves[0]?.name).toBe('top')
  })

  it('fails the test with the path of a field that does not match the contract', async () => {
    const api = await serverAnswering(200, { id: 'p1', shelves: [{ name: 42 }] })
    await expect(api.call(readPantry, { params: { id: 'p1' }, as: { id: 'someone' } })).rejects.toThrow(
      /GET \/api\/pantries\/:id answered 200, not matching its contract:\n {2}at shelves\.0\.name/,
    )
  })

  it('fails on a status the contract does not declare, and on a server fault (any 5xx but a 503)', async () => {
    await expect(
      (await serverAnswering(418, { detail: 'teapot' })).call(readPantry, { params: { id: 'p' }, as: { id: 'a' } }),
    ).rejects.toThrow(/does not declare/)
    await expect(
      (await serverAnswering(500, { detail: 'boom' })).call(readPantry, { params: { id: 'p' }, as: { id: 'a' } }),
    ).rejects.toThrow(/answered 500/)
  })

  it('checks undeclared error statuses against the error handler’s shapes', async () => {
    const api = await serverAnswering(404, { detail: { message: 'Pantry not found', error: true, exception: null } })
    expect((await api.call(readPantry, { params: { id: 'p' }, as: { id: 'a' } })).status).toBe(404)
    const wrongShape = await serverAnswering(403, { reason: 'nope' })
    await expect(wrongShape.call(readPantry, { params: { id: 'p' }, as: { id: 'a' } })).rejects.toThrow(
      /answered 403, not matching/,
    )
  })
})
