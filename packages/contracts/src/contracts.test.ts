import { eventCatalogue, eventNames } from './events/catalogue.js'
import { describe, expect, it } from 'vitest'
import { CredentialsRequest, PaginationQuery, allEndpoints, buildPath, getSelf, paginated } from './index.js'
import { z } from 'zod'

describe('endpoint registry', () => {
  it('declares each method and path once', () => {
    const keys = allEndpoints.map((definition) => `${definition.method} ${definition.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('keeps every route under /api and gives every endpoint a summary and a successful answer', () => {
    for (const definition of allEndpoints) {
      expect(definition.path).toMatch(/^\/api\//)
      expect(definition.summary.length).toBeGreaterThan(0)
      // A redirect (the OIDC start) is a success too.
      expect(Object.keys(definition.responses).some((status) => Number(status) < 400)).toBe(true)
    }
  })

  it('requires a session for the current user', () => {
    expect(getSelf.auth).toBe('user')
  })
})

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/api/recipes/:slug/assets/:name', { slug: 'pad thai', name: 'a/b' })).toBe(
      '/api/recipes/pad%20thai/assets/a%2Fb',
    )
  })

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/api/recipes/:slug')).toThrow(/slug/)
  })
})

describe('CredentialsRequest', () => {
  it('reads remember_me the way HTML forms send it', () => {
    expect(CredentialsRequest.parse({ username: 'a', password: 'b', remember_me: 'on' }).remember_me).toBe(true)
    expect(CredentialsRequest.parse({ username: 'a', password: 'b', remember_me: 'false' }).remember_me).toBe(false)
    expect(CredentialsRequest.parse({}).remember_me).toBe(false)
    expect(CredentialsRequest.safeParse({ remember_me: 'perhaps' }).success).toBe(false)
  })
})

describe('pagination', () => {
  it('defaults to the first page of fifty, newest first', () => {
    expect(PaginationQuery.parse({})).toMatchObject({ page: 1, perPage: 50, orderDirection: 'desc' })
  })

  it('accepts perPage -1 for everything and refuses other directions', () => {
    expect(PaginationQuery.parse({ perPage: '-1' }).perPage).toBe(-1)
    expect(PaginationQuery.safeParse({ orderDirection: 'up' }).success).toBe(false)
  })

  it('keeps the envelope keys snake_case', () => {
    const envelope = paginated(z.object({ id: z.string() }))
    expect(Object.keys(envelope.shape)).toEqual([
      'page',
      'per_page',
      'total',
      'total_pages',
      'items',
      'next',
      'previous',
    ])
  })
})

describe('the event names a listening client loads', () => {
  it('are the catalogue’s types, in its order', () => {
    expect(eventNames).toEqual(Object.keys(eventCatalogue))
  })
})
