import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { DeferredAnswerSchema } from './answer-contract.js'

type BuildSerializer = ReturnType<typeof SerializerSelector>
type CompileSerializer = ReturnType<BuildSerializer>

/**
 * Fastify's own serializer factory (fast-json-stringify), with each answer's serializer built when the route first
 * answers with that status instead of when the server gets ready. Built up front, the 542 declared answers took
 * about 350 ms of CPU on every start (a new Ajv per schema), a quarter of a restart; the first answer of a route now
 * pays for its own, under a millisecond. A DeferredAnswerSchema is converted to JSON Schema at that moment too.
 * Schemas still fail early: lazy-serializers.test.ts builds every one of them.
 */
export const buildLazySerializers: BuildSerializer = (externalSchemas, serializerOptions) => {
  const compile: CompileSerializer = SerializerSelector()(externalSchemas, serializerOptions)
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined
    return (data: unknown) => {
      serialize ??= compile(
        route.schema instanceof DeferredAnswerSchema ? { ...route, schema: route.schema.json } : route,
      )
      return serialize(data)
    }
  }
}
