import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

/** Runtime settings the web client reads from index.html (a meta tag, so a strict CSP needs no inline script). */
export interface PublicWebConfig {
  darkMode: boolean
}

const configTag = /<meta name="larder-config" content="[^"]*"\s*\/?>/

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

const noCache = 'no-cache'

/**
 * Serves the built web app: hashed assets for a year, the shell files (index.html, the service worker, the build
 * manifest) always revalidated, and index.html for every other path that is not under /api (client-side routes).
 */
export async function registerWebApp(app: FastifyInstance, distDirectory: string, config: PublicWebConfig) {
  const indexFile = path.join(distDirectory, 'index.html')
  if (!existsSync(indexFile)) return false
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    configTag,
    `<meta name="larder-config" content="${escapeAttribute(JSON.stringify(config))}">`,
  )

  await app.register(fastifyStatic, {
    root: distDirectory,
    wildcard: false,
    index: false,
    setHeaders(response, filePath) {
      const relative = path.relative(distDirectory, filePath)
      response.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : noCache,
      )
      if (relative === 'sw.js') response.header('service-worker-allowed', '/')
    },
  })

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', noCache).type('text/html; charset=utf-8').send(indexHtml)
  app.get('/', (_request, reply) => sendIndex(reply))
  app.get('/index.html', (_request, reply) => sendIndex(reply))
  app.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound()
    const requested = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '')
    const candidate = path.resolve(distDirectory, requested)
    if (candidate.startsWith(distDirectory + path.sep) && existsSync(candidate) && !candidate.endsWith('index.html')) {
      try {
        return await reply.sendFile(requested)
      } catch {
        // a directory or unreadable file: fall back to the client router
      }
    }
    // A missing hashed asset must not come back as HTML: the client's chunk-reload guard depends on a real 404.
    if (requested.startsWith('assets/')) return reply.callNotFound()
    return sendIndex(reply)
  })
  return true
}
