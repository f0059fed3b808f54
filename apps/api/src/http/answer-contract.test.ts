import { endpoint, ErrorResponse } from '@larder/contracts'
import Fastify, { type FastifyReply } from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type AnswerMismatch, checkAnswersAgainstContracts } from './answer-contract.js'
import { installErrorHandler } from './error-handler.js'
import { notFound } from './errors.js'
import { PreserializedJson } from './preserialized-json.js'
import { buildLazySerializers } from './lazy-serializers.js'
import { registerEndpoint } from './register-endpoint.js'

const Profile = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string().nullable(),
  tags: z.array(z.object({ label: z.string() })),
  verified: z.boolean().default(false),
})

const readProfile = endpoint({
  method: 'GET',
  path: '/api/test/profile/:id',
  summary: 'A profile, for these tests',
  tags: ['Test'],
  auth: 'public',
  params: z.object({ id: z.coerce.number().int() }),
  responses: { 200: Profile, 404: ErrorResponse },
})

/**
 * A bare app with only the answer machinery: the handler returns whatever the test hands it. Its serializers are
 * built as buildApp builds them (lazy-serializers.ts), which is also what turns a route's deferred schema into one.
 */
async function appAnswering(answer: (id: number, reply: FastifyReply) => unknown, options: { check: boolean }) {
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: buildLazySerializers } } })
  installErrorHandler(app)
  const mismatches: AnswerMismatch[] = []
  if (options.check) checkAnswersAgainstContracts(app, (mismatch) => mismatches.push(mismatch))
  registerEndpoint(app, readProfile, ({ params, reply }) => answer(params.id, reply) as never)
  await app.ready()
  return { app, mismatches }
}

const stored = {
  id: 7,
  name: 'Ada',
  nickname: null,
  tags: [{ label: 'cook', secretNote: 'nested and undeclared' }],
  passwordHash: '$argon2id$v=19$secret',
  apiToken: 'tok_secret',
}

describe('answers are written from their contract', () => {
  it('never sends a field the contract does not declare, however deep', async () => {
    const { app } = await appAnswering(() => stored, { check: false })
    const response = await app.inject({ method: 'GET', url: '/api/test/profile/7' })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('secret')
    expect(response.json()).toEqual({ id: 7, name: 'Ada', nickname: null, tags: [{ label: 'cook' }], verified: false })
  })

  it("still sends the error handler's answers, declared or not", async () => {
    const { app } = await appAnswering(
      (id) => {
        throw notFound(`No profile ${id}`)
      },
      { check: true },
    )
    const missing = await app.inject({ method: 'GET', url: '/api/test/profile/8' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ detail: { message: 'No profile 8', error: true, exception: null } })
    const invalid = await app.inject({ method: 'GET', url: '/api/test/profile/abc' })
    expect(invalid.statusCode).toBe(422)
    expect(invalid.json().detail[0].loc).toEqual(['path', 'id'])
  })
})

describe('with the check on (tests)', () => {
  it('accepts an answer that matches, dropping what is undeclared', async () => {
    const { app, mismatches } = await appAnswering(() => stored, { check: true })
    const response = await app.inject({ method: 'GET', url: '/api/test/profile/7' })
    expect(response.statusCode).toBe(200)
    expect(mismatches).toEqual([])
  })

  it('turns an answer that does not match into a 500 and reports the endpoint, status and path', async () => {
    const { app, mismatches } = await appAnswering(() => ({ ...stored, name: 42, tags: [{ label: null }] }), {
      check: true,
    })
    const response = await app.inject({ method: 'GET', url: '/api/test/profile/7' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('Ada')
    expect(mismatches).toEqual([
      {
        endpoint: 'GET /api/test/profile/:id',
        status: 200,
        issues: [
          'name: Invalid input: expected string, received number',
          'tags.0.label: Invalid input: expected string, received null',
        ],
      },
    ])
  })

  it('refuses a success status the contract does not declare', async () => {
    const { app, mismatches } = await appAnswering((_id, reply) => reply.code(202).send(stored), { check: true })
    const response = await app.inject({ method: 'GET', url: '/api/test/profile/7' })
    expect(response.statusCode).toBe(500)
    expect(mismatches[0]?.issues[0]).toMatch(/^status 202 is not declared/)
  })

  describe('answers sent as they are (PreserializedJson)', () => {
    const bytes = (text: string) => new PreserializedJson(Buffer.from(text))
    const written = '{"id":7,"name":"Ada ’","nickname":null,"tags":[{"label":"cook"}],"verified":true}'

    it('sends them untouched, with the serialiser’s content type, when they are what it would write', async () => {
      const { app, mismatches } = await appAnswering(() => bytes(written), { check: true })
      const response = await app.inject({ method: 'GET', url: '/api/test/profile/7' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.body).toBe(written)
      expect(mismatches).toEqual([])
    })

    it('refuses one that breaks the contract, or whose bytes differ from what the serialiser writes', async () => {
      const answers = [
        '{"id":7,"name":42,"nickname":null,"tags":[],"verified":true}',
        // Valid, but in another key order, with a number written otherwise, with spaces, or with an extra field.
        '{"name":"Ada","id":7,"nickname":null,"tags":[],"verified":true}',
        '{"id":7.0,"name":"Ada","nickname":null,"tags":[],"verified":true}',
        '{"id" : 7, "name" : "Ada", "nickname" : null, "tags" : [], "verified" : true}',
        '{"id":7,"name":"Ada","nickname":null,"tags":[{"label":"cook","secret":"x"}],"verified":true}',
        'not json',
      ]
      for (const answer of answers) {
        const { app, mismatches } = await appAnswering(() => bytes(answer), { check: true })
        const response = await app.inject({ method: 'GET', url: '/api/test/profile/7' })
        expect(response.statusCode, answer).toBe(500)
        expect(mismatches, answer).toHaveLength(1)
      }
    })
  })
})
