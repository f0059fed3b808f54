import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { allEndpoints } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DeferredAnswerSchema, responseSchemasFor } from './answer-contract.js'
import { buildLazySerializers } from './lazy-serializers.js'

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' })

describe('answer serializers built on first use', () => {
  it('build nothing until the first answer, then write only what the schema declares', () => {
    const compile = buildLazySerializers({}, {})
    // A schema fast-json-stringify cannot build: only the first answer finds out.
    const broken = compile(route({ type: 'object', properties: { id: { $ref: '#/nowhere' } } }))
    expect(() => broken({ id: 1 })).toThrow()

    const serialize = compile(route({ type: 'object', properties: { id: { type: 'integer' } } }))
    expect(serialize({ id: 7, passwordHash: 'secret' })).toBe('{"id":7}')
  })

  it("convert a route's answer schema from its contract only when the route first answers", () => {
    const compile = buildLazySerializers({}, {})
    const deferred = new DeferredAnswerSchema(z.object({ id: z.number(), name: z.string().nullable() }))
    const serialize = compile(route(deferred))
    expect(serialize({ id: 7, name: null, passwordHash: 'secret' })).toBe('{"id":7,"name":null}')
  })

  it('can be built for every answer an endpoint declares', () => {
    const compile = SerializerSelector()({}, {})
    const failures: string[] = []
    let built = 0
    for (const definition of allEndpoints) {
      for (const [status, schema] of Object.entries(responseSchemasFor(definition) ?? {})) {
        try {
          compile({ schema, method: definition.method, url: definition.path, httpStatus: status })
          built += 1
        } catch (error) {
          failures.push(`${definition.method} ${definition.path} ${status}: ${String(error)}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(built).toBeGreaterThan(300)
  })
})
