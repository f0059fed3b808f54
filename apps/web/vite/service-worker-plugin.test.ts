// @vitest-environment node
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { fillServiceWorker } from './service-worker-plugin'

const template = readFileSync(fileURLToPath(new URL('./service-worker.js', import.meta.url)), 'utf8')

describe("the service worker's source", () => {
  it('assigns the build id and the precache list, and evaluates without a placeholder left', () => {
    const source = fillServiceWorker(template, 'build-1', ['/index.html', '/assets/a.js'])
    const listeners: string[] = []
    const worker = { addEventListener: (type: string) => listeners.push(type), location: { origin: 'http://x' } }
    // Evaluated as a worker would: a placeholder left is a ReferenceError here, as it was in the browser.
    const values = new Script(`${source}\n;({ buildId, precacheUrls, cacheName })`).runInNewContext({
      self: worker,
      caches: {},
    }) as { buildId: string; precacheUrls: string[]; cacheName: string }
    expect(values.buildId).toBe('build-1')
    expect(values.precacheUrls).toEqual(['/index.html', '/assets/a.js'])
    expect(values.cacheName).toBe('larder-shell-build-1')
    expect(listeners).toEqual(expect.arrayContaining(['install', 'activate', 'fetch']))
  })

  it('refuses a template that assigns no placeholder', () => {
    expect(() => fillServiceWorker('const buildId = 1', 'b', [])).toThrow('__BUILD_ID__')
  })
})
