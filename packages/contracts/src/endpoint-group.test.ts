import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { ErrorResponse } from './common/errors.js'
import { endpoint, endpointGroup, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from './endpoint.js'
import { emailInvitation } from './households/endpoints.js'
import { type EmailInvitation } from './households/models.js'

const Thing = z.object({ id: z.uuid(), name: z.string() })
const params = z.object({ id: z.uuid() })
const query = z.object({ force: z.stringbool().default(false) })
const body = Thing.omit({ id: true })
const group = endpointGroup({ tags: ['Things'], auth: 'user', guards: ['canOrganize'], errors: { 403: ErrorResponse } })

const grouped = group.endpoint({
  method: 'PUT',
  path: '/api/things/:id',
  summary: 'Change a thing',
  params,
  query,
  body,
  responses: { 200: Thing, 404: ErrorResponse },
})

const plain = endpoint({
  method: 'PUT',
  path: '/api/things/:id',
  summary: 'Change a thing',
  tags: ['Things'],
  auth: 'user',
  guards: ['canOrganize'],
  params,
  query,
  body,
  responses: { 200: Thing, 403: ErrorResponse, 404: ErrorResponse },
})

describe('endpointGroup', () => {
  it("declares what endpoint() declares: the group's tags, access, guards and errors with the endpoint's own", () => {
    expect(grouped).toEqual(plain)
    expect(Object.keys(grouped.responses)).toEqual(['200', '403', '404'])
  })

  it('lets a declaration replace the group’s access and an error answer with its own', () => {
    const open = group.endpoint({
      method: 'GET',
      path: '/api/things',
      summary: 'List things',
      auth: 'public',
      responses: { 200: z.array(Thing), 403: null },
    })
    expect(open.auth).toBe('public')
    expect(open.responses[403]).toBeNull()
    expectTypeOf(open.auth).toEqualTypeOf<'public'>()
    expectTypeOf(open.responses[403]).toEqualTypeOf<null>()
  })

  it('keeps the declaration’s types as precise as endpoint() does', () => {
    expectTypeOf<ParamsOf<typeof grouped>>().toEqualTypeOf<ParamsOf<typeof plain>>()
    expectTypeOf<QueryOf<typeof grouped>>().toEqualTypeOf<{ force: boolean }>()
    expectTypeOf<BodyOf<typeof grouped>>().toEqualTypeOf<{ name: string }>()
    expectTypeOf<ResponseOf<typeof grouped>>().toEqualTypeOf<{ id: string; name: string }>()
    expectTypeOf<keyof typeof grouped.responses>().toEqualTypeOf<200 | 403 | 404>()
    expectTypeOf(grouped.method).toEqualTypeOf<'PUT'>()
    expectTypeOf(grouped.guards).toEqualTypeOf<readonly ['canOrganize']>()
  })

  it('types a real grouped declaration by its own schemas', () => {
    expectTypeOf<BodyOf<typeof emailInvitation>>().toEqualTypeOf<z.output<typeof EmailInvitation>>()
    expectTypeOf(emailInvitation.auth).toEqualTypeOf<'user'>()
    expect(emailInvitation.guards).toEqual(['canInvite'])
    expect(emailInvitation.responses[403]).toBe(ErrorResponse)
  })
})
