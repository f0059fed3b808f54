import type { EndpointDefinition } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { JSONSchema } from 'zod/v4/core'
import { wasPreserialized } from './preserialized-json.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (registerEndpoint), for the answer check below. */
    endpoint?: EndpointDefinition
  }
}

/** No metadata: every schema is written inline, so the serialiser resolves no `$ref`s and sees no ids. */
const noMetadata = z.registry<Record<string, unknown>>()

/**
 * fast-json-stringify decides an `anyOf` by validating each branch at run time, which made a UserOut slower to write
 * than with JSON.stringify; `X | null` written as `type: [X, 'null']` is a plain type check. Patterns only validate,
 * and the serialiser does not validate.
 */
function simplifyForSerialiser(json: JSONSchema.BaseSchema) {
  delete json.pattern
  const branches = json.anyOf
  if (branches?.length !== 2) return
  const nullIndex = branches.findIndex((branch) => typeof branch === 'object' && branch.type === 'null')
  const other = branches[1 - nullIndex]
  if (nullIndex === -1 || typeof other !== 'object' || typeof other.type !== 'string') return
  delete json.anyOf
  Object.assign(json, other, { type: [other.type, 'null'] })
  delete json.pattern
}

/**
 * Fastify response schemas from the contract: one JSON Schema per declared status that has a body. Fastify compiles
 * each with fast-json-stringify, which writes only the declared properties (an undeclared field, a password hash
 * or a token, cannot reach the wire) and is faster than JSON.stringify. Statuses declared `null` (files, redirects,
 * empty answers) and undeclared ones (the error handler's 401, 422, 429, 500) keep Fastify's default.
 * `io: 'output'`: the wire carries what the schema parses to; anything zod cannot express in JSON Schema (a
 * transform, a date) becomes `{}`, which fast-json-stringify writes with JSON.stringify.
 */
export function responseSchemasFor(definition: EndpointDefinition): Record<number, unknown> | undefined {
  const schemas: Record<number, unknown> = {}
  for (const [status, schema] of Object.entries(definition.responses)) {
    if (schema) schemas[Number(status)] = serialiserSchemaOf(schema)
  }
  return Object.keys(schemas).length > 0 ? schemas : undefined
}

function serialiserSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
    metadata: noMetadata,
    override: ({ jsonSchema }) => simplifyForSerialiser(jsonSchema),
  })
  return json
}

/**
 * An answer's schema whose JSON Schema is written when its serialiser is first built (lazy-serializers.ts), not when
 * the route is registered: converting the 542 declared answers took about a fifth of a restart's CPU. Fastify passes
 * a schema that is not a plain object through to the serialiser compiler untouched.
 */
export class DeferredAnswerSchema {
  #json: Record<string, unknown> | undefined
  constructor(private readonly schema: z.ZodType) {}
  get json(): Record<string, unknown> {
    this.#json ??= serialiserSchemaOf(this.schema)
    return this.#json
  }
}

/** responseSchemasFor's answers, each converted when first needed (DeferredAnswerSchema). */
export function deferredResponseSchemasFor(
  definition: EndpointDefinition,
): Record<number, DeferredAnswerSchema> | undefined {
  const schemas: Record<number, DeferredAnswerSchema> = {}
  for (const [status, schema] of Object.entries(definition.responses)) {
    if (schema) schemas[Number(status)] = new DeferredAnswerSchema(schema)
  }
  return Object.keys(schemas).length > 0 ? schemas : undefined
}

/** An answer that does not match the schema its contract declares for its status. */
export interface AnswerMismatch {
  endpoint: string
  status: number
  /** One line per problem: `items.0.email: Invalid input: expected string, received undefined`. */
  issues: string[]
}

export class AnswerContractError extends Error {
  constructor(readonly mismatch: AnswerMismatch) {
    super(
      `${mismatch.endpoint} answered ${mismatch.status} with a body that does not match its contract:\n` +
        mismatch.issues.map((issue) => `  ${issue}`).join('\n'),
    )
    this.name = 'AnswerContractError'
  }
}

function findMismatch(definition: EndpointDefinition, status: number, payload: unknown): string[] {
  const declared = definition.responses[status]
  if (declared === undefined) {
    // The error handler's shapes (docs/api.md "Errors") may answer any failure; a success must be declared.
    return status < 400
      ? [`status ${status} is not declared (declared: ${Object.keys(definition.responses).join(', ')})`]
      : []
  }
  if (declared === null) return payload == null ? [] : ['a body was sent where the contract declares none']
  const result = declared.safeParse(payload)
  if (result.success) return []
  return result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
}

/**
 * Tests only: parses every JSON answer of a contract route against the schema declared for its status before it is
 * serialised. A mismatch is reported to `report` and the request fails with a 500 instead of sending a body that
 * the serialiser would silently bend into shape (a number written as a string, a missing field dropped).
 * Pre-serialised answers (preserialized-json.ts) skip the serialiser: they are parsed and checked when sent, and
 * must also be byte for byte what the schema's serialiser writes for them (key order, numbers, escaping).
 */
export function checkAnswersAgainstContracts(app: FastifyInstance, report: (mismatch: AnswerMismatch) => void) {
  const fail = (definition: EndpointDefinition, status: number, issues: string[]) => {
    const mismatch = { endpoint: `${definition.method} ${definition.path}`, status, issues }
    report(mismatch)
    return new AnswerContractError(mismatch)
  }
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const definition = request.routeOptions.config.endpoint
    if (!definition) return done(null, payload)
    const issues = findMismatch(definition, reply.statusCode, payload)
    if (issues.length === 0) return done(null, payload)
    done(fail(definition, reply.statusCode, issues))
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    const definition = request.routeOptions.config.endpoint
    if (!definition || !wasPreserialized(reply) || !Buffer.isBuffer(payload)) return done(null, payload)
    const text = payload.toString('utf8')
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      return done(fail(definition, reply.statusCode, [`(root): not JSON: ${String(error)}`]))
    }
    const issues = findMismatch(definition, reply.statusCode, parsed)
    if (issues.length === 0) {
      const serialised = reply.serialize(parsed) as string
      if (serialised !== text)
        issues.push(`(root): the bytes differ from the serialiser's at ${firstDifference(serialised, text)}`)
    }
    if (issues.length === 0) return done(null, payload)
    done(fail(definition, reply.statusCode, issues))
  })
}

function firstDifference(expected: string, actual: string): string {
  let index = 0
  while (index < expected.length && expected[index] === actual[index]) index += 1
  return `character ${index}: expected …${expected.slice(index, index + 60)}…, sent …${actual.slice(index, index + 60)}…`
}
