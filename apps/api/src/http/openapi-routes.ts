import { allEndpoints } from '@larder/contracts'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { buildOpenApiDocument } from './openapi.js'

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

/**
 * Stands in for @fastify/swagger, under its name, which Swagger UI requires: in static mode that plugin wants the
 * finished document when it is registered, and building it from every contract was the largest single part of a
 * restart (about 40 % of Larder's own start-up CPU). Here it is built by the first request that shows it.
 */
function documentOnFirstUse(document: () => OpenApiDocument) {
  const plugin = (instance: FastifyInstance) => {
    instance.decorate('swagger', document)
    return Promise.resolve()
  }
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('plugin-meta')]: { name: '@fastify/swagger' },
  })
}

/** The API's OpenAPI document at `/openapi.json`, and Swagger UI on it at `/docs`. */
export async function registerOpenApiRoutes(app: FastifyInstance, version: string): Promise<void> {
  let built: OpenApiDocument | undefined
  const document = () => (built ??= buildOpenApiDocument(allEndpoints, version))
  app.get('/openapi.json', () => Promise.resolve(document()))
  await app.register(documentOnFirstUse(document))
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // With a transform, Swagger UI writes /docs/yaml itself instead of asking the document for a YAML form.
    transformSpecification: (specification) => specification,
    transformSpecificationClone: false,
  })
}
