import { ErrorResponse, signIn } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.js'

describe('error envelope', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const { app } = await createTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' })
    expect(response.statusCode).toBe(404)
    expect(ErrorResponse.parse(response.json())).toEqual({
      detail: { message: 'No endpoint answers GET /api/no/such/thing', error: true, exception: null },
    })
  })

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const { app, sql } = await createTestApp()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail.message).toMatch(/not valid JSON/)
    const [row] = await sql`select count(*)::int as count from users`
    expect(row?.count).toBe(0)
  })

  it('answers an unsupported content type with 415', async () => {
    const { app } = await createTestApp()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().detail.error).toBe(true)
  })

  it('answers an oversized body with 413', async () => {
    const { app } = await createTestApp()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(413)
  })

  it('answers too-long fields with 422', async () => {
    const { api } = await createTestApp()
    const response = await api.call(signIn, { body: { username: 'x'.repeat(300), password: 'y' } })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ detail: [{ loc: ['body', 'username'] }] })
  })

  it('hides the cause of a server error behind a request id', async () => {
    const { app } = await createTestApp()
    app.get('/api/test/explode', () => Promise.reject(new Error('secret database detail')))
    const response = await app.inject({ method: 'GET', url: '/api/test/explode' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('secret database detail')
    expect(response.json().detail.message).toContain(response.headers['x-request-id'] as string)
  })
})
