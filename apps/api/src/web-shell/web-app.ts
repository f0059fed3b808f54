import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { escapeHtml, scriptSafeJson } from './html-text.js'
import {
  answerReaderFor,
  firstPaintParts,
  readerLocales,
  readBuildManifest,
  type FirstPaintDescription,
  type ReadAnswer,
  type ShellFiles,
} from './first-paint-parts.js'

/** Runtime settings the web client reads from index.html (a meta tag, so a strict CSP needs no inline script). */
export interface PublicWebConfig {
  darkMode: boolean
}

const configTag = /<meta name="larder-config" content="[^"]*"\s*\/?>/

/** What a page of the app is about, for link previews: its title, OpenGraph/Twitter tags and schema.org data. */
export interface PageDescription {
  title: string
  /** `og:*` tags are written with `property`, `twitter:*` with `name`. */
  meta: ReadonlyArray<{ key: string; content: string }>
  /** A schema.org object, written as JSON-LD: a data block, which the content security policy does not run. */
  structuredData?: unknown
  /** Described for the signed-in caller only: no shared cache may keep it. */
  personal?: boolean
  /** What the page shows, drawn by the server before the app runs (first-paint-parts.ts). */
  firstPaint?: FirstPaintDescription
}

/** Describes the page at a path, or null for a page with nothing to tell (the plain shell is sent). */
export type DescribePage = (
  request: FastifyRequest,
  pathname: string,
  readAnswer: ReadAnswer,
) => Promise<PageDescription | null>

const titleTag = /<title>[^<]*<\/title>/
/** The app's mount point in index.html; a first paint is written just before it. */
const rootElement = '<div id="root"></div>'
/**
 * The mount point under a drawing: out of the accessibility tree until the app's page replaces the drawing (the
 * client's releaseFirstPaint), since the stylesheet only makes it transparent (first-paint-style.ts).
 */
const rootUnderDrawing = '<div id="root" aria-hidden="true"></div>'
/** What index.html's head loads for the app, as Vite writes it: on a drawn page, start-app.js loads it instead. */
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
const stylesheetLink = /<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>\s*/g

/** The shell's own files, and its head without them; null when the head holds no entry script to start. */
function shellOf(head: string): { files: ShellFiles; appless: string } | null {
  const entry = entryScript.exec(head)?.[1]
  if (!entry) return null
  const hrefs = (pattern: RegExp) => [...head.matchAll(pattern)].map((match) => match[1] ?? '')
  const files = { entry, modules: hrefs(modulePreload), stylesheets: hrefs(stylesheetLink) }
  const appless = head.replace(entryScript, '').replace(modulePreload, '').replace(stylesheetLink, '')
  return { files, appless }
}

/** The head's extra tags for a description, every value escaped. */
export function descriptionHead(description: PageDescription): string {
  const tags = description.meta.map(({ key, content }) => {
    const attribute = key.startsWith('og:') ? 'property' : 'name'
    return `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">`
  })
  if (description.structuredData !== undefined) {
    tags.push(`<script type="application/ld+json">${scriptSafeJson(description.structuredData)}</script>`)
  }
  return tags.join('')
}

/**
 * Serves the built web app: hashed assets for a year, the shell files (index.html, the service worker, the build
 * manifest) always revalidated, precompressed files where the build wrote them, and index.html for every other path outside /api (client-side routes). Files are
 * looked up per request rather than registered as routes, so start-up does not walk the folder.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDirectory: string,
  options: {
    config: PublicWebConfig
    documentHeaders: Readonly<Record<string, string>>
    describePage?: DescribePage
    log?: (message: string, error: unknown) => void
  },
) {
  const { config, documentHeaders, describePage } = options
  const root = path.resolve(distDirectory)
  const indexFile = path.join(root, 'index.html')
  if (!existsSync(indexFile)) return false
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    configTag,
    `<meta name="larder-config" content="${escapeHtml(JSON.stringify(config))}">`,
  )

  // Read once: a described page is the shell's head, its tags, and the rest, joined per request.
  const manifest = readBuildManifest(root)
  const headEnd = indexHtml.lastIndexOf('</head>')
  const beforeHeadEnd = headEnd >= 0 ? indexHtml.slice(0, headEnd) : ''
  const fromHeadEnd = headEnd >= 0 ? indexHtml.slice(headEnd) : ''
  const shell = shellOf(beforeHeadEnd)

  // The build writes a .br and a .gz next to each text file (apps/web/vite/precompress-plugin.ts): sent as they are
  // to a client that accepts them, with `Vary: Accept-Encoding`; the plain file otherwise.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true })

  const sendHtml = (reply: FastifyReply, html: string | Buffer, cacheControl: string) =>
    reply.headers(documentHeaders).header('cache-control', cacheControl).type('text/html; charset=utf-8').send(html)

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    let description: PageDescription | null = null
    if (describePage && headEnd >= 0) {
      try {
        description = await describePage(request, pathname, answerReaderFor(app, request))
      } catch (error) {
        // A preview is a nicety: the app itself must still load.
        options.log?.('Could not describe the page for link previews', error)
      }
    }
    if (!description) return sendHtml(reply, indexHtml, 'no-cache')
    const head = beforeHeadEnd.replace(titleTag, () => `<title>${escapeHtml(description.title)}</title>`)
    if (description.personal) reply.header('vary', 'cookie')
    const cacheControl = description.personal ? 'private, no-cache' : 'no-cache'
    if (!description.firstPaint || !shell || !fromHeadEnd.includes(rootElement)) {
      return sendHtml(reply, head + descriptionHead(description) + fromHeadEnd, cacheControl)
    }
    const parts = firstPaintParts(description.firstPaint, manifest, shell.files, readerLocales(request))
    const drawnHead = shell.appless.replace(titleTag, () => `<title>${escapeHtml(description.title)}</title>`)
    const darkHead = config.darkMode ? drawnHead.replace(/<html\b/, '<html class="fp-dark"') : drawnHead
    const body = fromHeadEnd.replace(rootElement, () => parts.body + rootUnderDrawing)
    const html = darkHead + descriptionHead(description) + parts.head + body
    // A drawn page carries a recipe or a list page twice (drawing and data) and is written per request, so the
    // build's precompressed shell cannot serve it: compressed here, quickly, for a client that accepts it.
    const encoding = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) ? 'br' : null
    // The modules preloaded for its strings follow the locale cookie and the browser's languages (readerLocales).
    reply.header('vary', encoding ? 'cookie, accept-language, accept-encoding' : 'cookie, accept-language')
    if (!encoding) return sendHtml(reply, html, cacheControl)
    reply.header('content-encoding', encoding)
    return sendHtml(
      reply,
      brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      cacheControl,
    )
  }

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
    return sendIndex(request, reply, pathname)
  })
  return true
}
