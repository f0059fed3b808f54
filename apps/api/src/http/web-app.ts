import { existsSync, readFileSync, statSync } from 'node:fs'
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

/**
 * Serves the built web app: hashed assets for a year, the shell files (index.html, the service worker, the build
 * manifest) always revalidated, and index.html for every other path outside /api (client-side routes). Files are
 * looked up per request rather than registered as routes, so start-up does not walk the folder.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDirectory: string,
  options: { config: PublicWebConfig; documentHeaders: Readonly<Record<string, string>> },
) {
  const { config, documentHeaders } = options
  const root = path.resolve(distDirectory)
  const indexFile = path.join(root, 'index.html')
  if (!existsSync(indexFile)) return false
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    configTag,
    `<meta name="larder-config" content="${escapeAttribute(JSON.stringify(config))}">`,
  )

  await app.register(fastifyStatic, { root, serve: false })

  const sendIndex = (reply: FastifyReply) =>
    reply.headers(documentHeaders).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml)

  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound()
    let relative: string
    try {
      relative = decodeURIComponent(pathname).replace(/^\/+/, '')
    } catch {
      return reply.callNotFound()
    }
    const candidate = path.resolve(root, relative)
    const insideRoot = candidate.startsWith(root + path.sep)
    if (insideRoot && relative !== 'index.html' && existsSync(candidate) && statSync(candidate).isFile()) {
      const immutable = relative.startsWith('assets/')
      reply.headers(documentHeaders)
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (relative === 'sw.js') reply.header('service-worker-allowed', '/')
      return reply.sendFile(relative, { cacheControl: false })
    }
    // A missing hashed asset must not come back as HTML: the client's chunk-reload guard needs a real 404.
    if (relative.startsWith('assets/')) return reply.callNotFound()
    return sendIndex(reply)
  })
  return true
}
