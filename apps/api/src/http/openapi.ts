import type { EndpointDefinition } from '@larder/contracts'
import { z } from 'zod'

type JsonSchema = Record<string, unknown>
type Io = 'input' | 'output'

const componentPrefix = '#/components/schemas/'
/** Where zod puts named schemas that are nested in others but not in the registry it was given. */
const sharedPrefix = `${componentPrefix}__shared#/$defs/`
const inlinePrefix = 'Inline:'

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/** A JSON Schema 2020-12 (OpenAPI 3.1's dialect) of one schema that needs no components, e.g. a parameter. */
function standaloneSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return json
}

function parameters(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return []
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: standaloneSchema(field as z.ZodType, 'input'),
  }))
}

/** Applies `rewrite` to every `$ref` in a JSON value, replacing the object that holds it when it returns one. */
function mapRefs(value: unknown, rewrite: (ref: string) => string | JsonSchema): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, rewrite))
  if (value === null || typeof value !== 'object') return value
  const object = value as JsonSchema
  if (typeof object.$ref === 'string') {
    const target = rewrite(object.$ref)
    if (typeof target !== 'string') return target
    return { ...object, $ref: target }
  }
  return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, mapRefs(item, rewrite)]))
}

function referencedNames(value: unknown): string[] {
  const names: string[] = []
  mapRefs(value, (ref) => {
    names.push(ref.slice(componentPrefix.length))
    return ref
  })
  return names
}

/**
 * Converts every body and answer schema at once, so that the schemas the contracts name (`.meta({ id })`) become
 * `components/schemas` entries that others `$ref`, and unnamed ones are written inline where they are used.
 * Inputs and outputs differ where a schema has defaults or transforms: a named schema whose input form differs
 * (or holds one that does) gets a second component, `<Name>Input`.
 */
function convertSchemas(endpoints: readonly EndpointDefinition[]) {
  const registry = z.registry<{ id: string }>()
  let unnamed = 0
  for (const definition of endpoints) {
    for (const schema of [definition.body, definition.multipart, ...Object.values(definition.responses)]) {
      if (!schema || registry.has(schema)) continue
      const id = z.globalRegistry.get(schema)?.id
      registry.add(schema, { id: typeof id === 'string' ? id : `${inlinePrefix}${unnamed++}` })
    }
  }

  const convert = (io: Io) => {
    const { schemas } = z.toJSONSchema(registry, {
      io,
      unrepresentable: 'any',
      uri: (id) => componentPrefix + id,
      // Answers are written from their schema, so undeclared keys never appear; saying so in the document only
      // splits every named schema into an input and an output form that differ in this one keyword.
      override: ({ jsonSchema }) => {
        if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties
      },
    }) as { schemas: Record<string, JsonSchema> }
    const { __shared: shared, ...named } = schemas
    const all: Record<string, JsonSchema> = { ...((shared?.$defs as Record<string, JsonSchema>) ?? {}), ...named }
    const flattened = mapRefs(all, (ref) =>
      ref.startsWith(sharedPrefix) ? componentPrefix + ref.slice(sharedPrefix.length) : ref,
    ) as Record<string, JsonSchema>
    return Object.fromEntries(
      Object.entries(flattened).map(([name, { $schema: _dialect, $id: _id, ...json }]) => [name, json]),
    )
  }
  const output = convert('output')
  const input = convert('input')

  // Named schemas whose input form differs from the output form, directly or through a schema they reference.
  const differs = new Set(
    Object.keys(input).filter((name) => JSON.stringify(input[name]) !== JSON.stringify(output[name])),
  )
  for (let grew = true; grew;) {
    grew = false
    for (const name of Object.keys(input)) {
      if (!differs.has(name) && referencedNames(input[name]).some((target) => differs.has(target))) {
        differs.add(name)
        grew = true
      }
    }
  }

  // Only a schema that answers use too needs a second name; one that only requests use keeps its own.
  const answered = new Set<string>()
  const visitAnswers = (names: string[]) => {
    for (const name of names.filter((name) => !answered.has(name))) {
      answered.add(name)
      visitAnswers(referencedNames(output[name]))
    }
  }
  for (const definition of endpoints) {
    for (const schema of Object.values(definition.responses)) if (schema) visitAnswers([registry.get(schema)!.id])
  }
  const nameFor = (name: string, io: Io) =>
    io === 'input' && differs.has(name) && answered.has(name) ? `${name}Input` : name
  const resolve = (schema: JsonSchema, io: Io): JsonSchema =>
    mapRefs(schema, (ref) => {
      const name = ref.slice(componentPrefix.length)
      if (name.startsWith(inlinePrefix)) return resolve((io === 'input' ? input : output)[name] as JsonSchema, io)
      return componentPrefix + nameFor(name, io)
    }) as JsonSchema

  const components: Record<string, JsonSchema> = {}
  for (const [name, schema] of Object.entries(output)) {
    if (!name.startsWith(inlinePrefix)) components[name] = resolve(schema, 'output')
  }
  for (const name of differs) {
    if (!name.startsWith(inlinePrefix)) components[nameFor(name, 'input')] = resolve(input[name] as JsonSchema, 'input')
  }
  const schemaOf = (schema: z.ZodType, io: Io): JsonSchema => {
    const id = registry.get(schema)?.id as string
    return id.startsWith(inlinePrefix)
      ? resolve((io === 'input' ? input : output)[id] as JsonSchema, io)
      : { $ref: componentPrefix + nameFor(id, io) }
  }
  return { components, schemaOf }
}

/** The components the operations use, directly or through each other, in a stable order. */
function reachableComponents(paths: unknown, components: Record<string, JsonSchema>) {
  const used = new Set<string>()
  const visit = (names: string[]) => {
    for (const name of names) {
      if (used.has(name)) continue
      used.add(name)
      visit(referencedNames(components[name]))
    }
  }
  visit(referencedNames(paths))
  return Object.fromEntries(Object.entries(components).filter(([name]) => used.has(name)))
}

/** The OpenAPI 3.1 document, generated from the same contracts the routes are registered from (docs/architecture.md "Contracts"). */
export function buildOpenApiDocument(endpoints: readonly EndpointDefinition[], version: string) {
  const listed = endpoints.filter((definition) => !definition.hidden)
  const { components, schemaOf } = convertSchemas(listed)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const definition of listed) {
    const path = toOpenApiPath(definition.path)
    const responses: Record<string, unknown> = {}
    for (const [status, schema] of Object.entries(definition.responses)) {
      responses[status] = schema
        ? { description: `HTTP ${status}`, content: { 'application/json': { schema: schemaOf(schema, 'output') } } }
        : { description: `HTTP ${status}` }
    }
    const bodyContentTypes =
      definition.bodyEncoding === 'form'
        ? ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json']
        : ['application/json']
    paths[path] ??= {}
    paths[path][definition.method.toLowerCase()] = {
      summary: definition.summary,
      tags: definition.tags,
      security: definition.auth === 'public' ? [] : [{ bearer: [] }],
      parameters: [...parameters(definition.params, 'path'), ...parameters(definition.query, 'query')],
      ...(definition.multipart
        ? {
            requestBody: {
              required: true,
              content: { 'multipart/form-data': { schema: schemaOf(definition.multipart, 'input') } },
            },
          }
        : {}),
      ...(definition.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                bodyContentTypes.map((type) => [type, { schema: schemaOf(definition.body as z.ZodType, 'input') }]),
              ),
            },
          }
        : {}),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Larder',
      version,
      description: "Larder's REST API: wire-compatible with Mealie's, so Mealie's clients work unchanged.",
    },
    components: {
      schemas: reachableComponents(paths, components),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  }
}
