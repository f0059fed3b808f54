import type { EndpointDefinition } from '@larder/contracts'
import { z } from 'zod'

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' })
}

function parameters(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return []
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(field as z.ZodType, 'input'),
  }))
}

/** The OpenAPI 3 document, generated from the same contracts the routes are registered from (DESIGN §3). */
export function buildOpenApiDocument(endpoints: readonly EndpointDefinition[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const definition of endpoints) {
    if (definition.hidden) continue
    const path = toOpenApiPath(definition.path)
    const responses: Record<string, unknown> = {}
    for (const [status, schema] of Object.entries(definition.responses)) {
      responses[status] = schema
        ? { description: `HTTP ${status}`, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } }
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
      ...(definition.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                bodyContentTypes.map((type) => [type, { schema: jsonSchema(definition.body as z.ZodType, 'input') }]),
              ),
            },
          }
        : {}),
      responses,
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Larder',
      version,
      description: "Larder's REST API: wire-compatible with Mealie's, so Mealie's clients work unchanged.",
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  }
}
