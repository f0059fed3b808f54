import type { FastifyReply } from 'fastify'

/**
 * An answer whose JSON bytes are already final, sent as they are: registerEndpoint writes them without
 * fast-json-stringify. For hot lists whose items PostgreSQL writes as JSON text (PostgREST's pass-through): parsing
 * that text in Node, serialising the objects again and encoding the string to UTF-8 once more cost the recipe list
 * about 6 ms of its 10 (74 KB for 50 recipes); passed through, the bytes are copied once.
 * Whoever builds one owes what the serialiser would have guaranteed: the fields and key order of the contract's
 * schema, JSON.stringify's escaping and numbers. Tests hold every such answer to that: checkAnswersAgainstContracts
 * parses it, checks it against the contract and compares it byte for byte with what the schema's serialiser writes.
 * `Value` is the answer's type, for the handler's return type only.
 */
export class PreserializedJson<Value = unknown> {
  declare readonly value?: Value

  constructor(readonly bytes: Buffer) {}
}

/**
 * A JSON object of `fields`, in this order: plain values through JSON.stringify, pre-serialised ones as they are.
 * The order must be the schema's (fast-json-stringify writes properties in the schema's order).
 */
export function preserializedObject<Value>(
  fields: ReadonlyArray<readonly [key: string, value: unknown]>,
): PreserializedJson<Value> {
  const parts: Buffer[] = []
  fields.forEach(([key, value], index) => {
    parts.push(Buffer.from(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`))
    parts.push(value instanceof PreserializedJson ? value.bytes : Buffer.from(JSON.stringify(value) ?? 'null'))
  })
  parts.push(Buffer.from(fields.length === 0 ? '{}' : '}'))
  return new PreserializedJson(Buffer.concat(parts))
}

const sentAsIs = new WeakSet<FastifyReply>()

/** Sends `json` as Fastify sends a serialised answer (same content type), without serialising it. */
export function sendPreserialized(reply: FastifyReply, json: PreserializedJson): FastifyReply {
  sentAsIs.add(reply)
  return reply.type('application/json; charset=utf-8').send(json.bytes)
}

/** Whether the reply's body came from a PreserializedJson (the tests' answer check). */
export function wasPreserialized(reply: FastifyReply): boolean {
  return sentAsIs.has(reply)
}
