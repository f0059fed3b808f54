import fs from 'node:fs'
import path from 'node:path'
import { allEndpoints } from '@larder/contracts'
import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.js'
import { buildOpenApiDocument } from './openapi.js'

const committedFile = path.resolve(import.meta.dirname, '../../openapi.json')

function allRefs(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"\$ref":"([^"]*)"/g)].map((match) => match[1] as string)
}

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by a real validator, every $ref resolving under components/schemas', async () => {
    const document = buildOpenApiDocument(allEndpoints, 'develop')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid')
    expect(document.openapi).toBe('3.1.0')
    const refs = allRefs(document)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/)
      expect(document.components.schemas).toHaveProperty(ref.split('/').at(-1) as string)
    }
  })

  it('names the schemas the contracts name, with a separate request form only where defaults differ', () => {
    const { components, paths } = buildOpenApiDocument(allEndpoints, 'develop')
    expect(components.schemas).toHaveProperty('UserOut')
    expect(paths['/api/users/self']?.get).toMatchObject({
      responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/UserOut' } } } } },
    })
    // SuccessResponse's `error` has a default: optional in requests, always present in answers.
    expect(components.schemas.SuccessResponse).toMatchObject({ required: ['message', 'error'] })
    expect(paths['/api/admin/users']?.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/UserIn' } } } },
    })
  })

  it('describes every upload as multipart form data with its file parts, so client generators know they take files', () => {
    const { paths } = buildOpenApiDocument(allEndpoints, 'develop')
    // Every endpoint that reads a form without declaring its fields as a body takes files.
    const uploads = allEndpoints.filter((definition) => definition.bodyEncoding === 'form' && !definition.body)
    expect(uploads.map((definition) => `${definition.method} ${definition.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/users/:id/image',
        'PUT /api/recipes/:slug/image',
        'POST /api/groups/migrations',
      ]),
    )
    for (const definition of uploads) {
      const operation = paths[definition.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[definition.method.toLowerCase()]
      const form = (operation as { requestBody?: { content: Record<string, { schema: unknown }> } }).requestBody
        ?.content['multipart/form-data']
      expect(form, `${definition.method} ${definition.path}`).toBeDefined()
      expect(JSON.stringify(form!.schema), `${definition.method} ${definition.path}`).toContain('"format":"binary"')
    }
  })

  it('is served at /openapi.json and /docs from the same builder as the committed file', async () => {
    const { app } = await createTestApp()
    const served = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ info: { version: string } }>()
    const committed = JSON.parse(fs.readFileSync(committedFile, 'utf8')) as { info: { version: string } }
    expect({ ...served, info: { ...served.info, version: 'develop' } }).toEqual(committed)

    const docsPage = await app.inject({ method: 'GET', url: '/docs/' })
    expect(docsPage.statusCode).toBe(200)
    const initializer = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' })
    expect(initializer.statusCode).toBe(200)
    const docsDocument = await app.inject({ method: 'GET', url: '/docs/json' })
    expect(docsDocument.json()).toEqual(served)
    const docsYaml = await app.inject({ method: 'GET', url: '/docs/yaml' })
    expect(docsYaml.headers['content-type']).toMatch(/^application\/x-yaml/)
    expect(docsYaml.body).toMatch(/^openapi: 3\.1\.0\n/)
  })
})
