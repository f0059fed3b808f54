import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { getAppInfo } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.js'

describe('serving the web app', () => {
  let distDirectory: string
  let testApp: TestApp
  const framework = Buffer.from(Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i};\n`).join(''))

  beforeAll(async () => {
    distDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-web-dist-'))
    await fs.mkdir(path.join(distDirectory, 'assets'))
    await fs.writeFile(
      path.join(distDirectory, 'index.html'),
      '<!doctype html><html><head><meta name="larder-config" content="{}"></head><body></body></html>',
    )
    await fs.writeFile(path.join(distDirectory, 'assets', 'app-1234.js'), 'console.log(1)')
    await fs.writeFile(path.join(distDirectory, 'assets', 'framework-5678.js'), framework)
    await fs.writeFile(path.join(distDirectory, 'assets', 'framework-5678.js.br'), brotliCompressSync(framework))
    await fs.writeFile(path.join(distDirectory, 'assets', 'framework-5678.js.gz'), gzipSync(framework))
    await fs.writeFile(path.join(distDirectory, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    testApp = await createTestApp({ WEB_DIST_DIR: distDirectory, DEFAULT_DARK_MODE: 'true' })
  })
  afterAll(() => fs.rm(distDirectory, { recursive: true, force: true }))

  it('answers client routes with the shell, its public settings and a strict content security policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/g/home/r/some-recipe' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    expect(response.body).toContain('<meta name="larder-config" content="{&quot;darkMode&quot;:true}">')
  })

  it('serves hashed assets for a year and the service worker for the whole site', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const worker = await testApp.app.inject({ method: 'GET', url: '/sw.js' })
    expect(worker.headers['service-worker-allowed']).toBe('/')
    expect(worker.headers['cache-control']).toBe('no-cache')
  })

  it("sends the build's precompressed asset to a client that accepts it, and the plain file to one that does not", async () => {
    const url = '/assets/framework-5678.js'
    const br = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('javascript')
    expect(br.headers['vary']).toContain('accept-encoding')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.rawPayload.byteLength).toBeLessThan(framework.byteLength / 3)
    expect(brotliDecompressSync(br.rawPayload).equals(framework)).toBe(true)

    const gzip = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(framework)).toBe(true)

    const plain = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toContain('accept-encoding')
    expect(plain.rawPayload.equals(framework)).toBe(true)

    // An asset the build left uncompressed is sent as it is, whatever the client accepts.
    const small = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe('console.log(1)')
  })

  it('answers a missing asset and an unknown API path with JSON 404s, never the shell', async () => {
    for (const url of ['/assets/gone-9999.js', '/api/nothing/here']) {
      const response = await testApp.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json().detail.error).toBe(true)
    }
  })

  it('keeps paths inside the build folder', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' })
    expect(response.body).not.toContain('root:')
  })

  it('marks API answers nosniff without the document-only headers', async () => {
    const response = await testApp.api.call(getAppInfo)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-request-id']).toBeTruthy()
    expect(response.headers['content-security-policy']).toBeUndefined()
  })
})
