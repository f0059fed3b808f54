import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { escapeHtml, scriptSafeText } from './html-text.js'

/** A page drawn by the server before the app runs, with what the app needs to take over without waiting. */
export interface FirstPaintDescription {
  /** The markup, an element `#first-paint` written before the app's `#root`. */
  html: string
  /** Its stylesheet, inlined (the CSP allows inline styles). */
  style: string
  /** The picture of the page's largest paint, fetched with high priority from the head. */
  heroImage: string | null
  /** API answers the page's first render reads, by address: the bodies exactly as the endpoints sent them. */
  answers: Readonly<Record<string, string>>
  /** The web client's source modules the route loads (the build manifest's keys), preloaded from the head. */
  routeModules: readonly string[]
  /** The namespaces of strings the route loads beside the core ones (apps/web i18n), preloaded in the reader's language. */
  strings: readonly string[]
}

/** The body of an API answer to a GET, asked as the request's own caller; null unless it answered 200. */
export type ReadAnswer = (url: string) => Promise<string | null>

/**
 * Asks the app itself, in-process, with the request's credentials: the answer goes through the same route, access
 * rules, contract and serialiser as the client's own call would, so the embedded copy cannot drift from it. The
 * caller this request resolved is handed over rather than looked up again for each answer.
 */
export function answerReaderFor(app: FastifyInstance, request: FastifyRequest): ReadAnswer {
  return (url) =>
    request.withCallerHandedOver(async (credentials) => {
      const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...credentials } })
      return answer.statusCode === 200 ? answer.body : null
    })
}

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}
export type BuildManifest = Readonly<Record<string, ManifestChunk>>

/** Vite's build manifest (`build.manifest`), read once at start; without it no module is preloaded. */
export function readBuildManifest(root: string): BuildManifest | null {
  const file = path.join(root, '.vite', 'manifest.json')
  if (!existsSync(file)) return null
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest
  } catch {
    return null
  }
}

/**
 * The files of the given modules and of everything they import statically, less what index.html already loads
 * (the entry and its imports): the chunks the route would otherwise discover one round trip after another.
 */
function routeFiles(manifest: BuildManifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const loadedByShell = new Set<string>()
  const visitShell = (key: string) => {
    if (loadedByShell.has(key)) return
    loadedByShell.add(key)
    for (const imported of manifest[key]?.imports ?? []) visitShell(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visitShell(key)

  const seen = new Set<string>()
  const scripts: string[] = []
  const styles: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key) || loadedByShell.has(key)) return
    seen.add(key)
    scripts.push(chunk.file)
    for (const style of chunk.css ?? []) if (!styles.includes(style)) styles.push(style)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const module of modules) visit(module)
  return { scripts, styles }
}

/** The language the client's strings fall back to (apps/web i18n.ts `defaultLocale`), which it loads beside any other. */
const fallbackLocale = 'en-US'
const localeCode = /^([a-z]{2,3})-([a-z]{2})$/i

/**
 * The languages the client will load its strings in, as its i18n picks them (apps/web i18n.ts `initialLocale`): the
 * locale cookie, else the browser's first language, and the fallback. Only a guess of what to preload: a language the
 * build has no strings for is skipped, and the client loads what it needs itself in any case.
 */
export function readerLocales(request: FastifyRequest): string[] {
  const browserFirst = String(request.headers['accept-language'] ?? '').split(/[,;]/)[0]
  const locale =
    [request.cookies.locale, browserFirst].map((candidate) => normalisedLocale(candidate)).find(Boolean) ??
    fallbackLocale
  return locale === fallbackLocale ? [fallbackLocale] : [locale, fallbackLocale]
}

/** "de-de" → "de-DE", as the build names its string files; null for anything that is not a language and region. */
function normalisedLocale(text: string | undefined): string | null {
  const match = localeCode.exec(text?.trim() ?? '')
  return match ? `${match[1]!.toLowerCase()}-${match[2]!.toUpperCase()}` : null
}

/**
 * The modules of the namespaces' strings (apps/web i18n: `namespace-files.ts` maps each to
 * `locales/<namespace>/<namespace>.<locale>.json`): without them the page's strings were asked for only once its
 * code had run, the last requests of the recipe page's load (docs/budgets.md "Web budgets": interactive on a phone).
 */
function stringModules(namespaces: readonly string[], locales: readonly string[]): string[] {
  if (namespaces.length === 0) return []
  const files = namespaces.flatMap((namespace) =>
    locales.map((locale) => `src/i18n/locales/${namespace}/${namespace}.${locale}.json`),
  )
  return ['src/i18n/namespace-files.ts', ...files]
}

/** What index.html loads for the app, as Vite wrote it: taken out of a drawn page's head, for start-app.js to load. */
export interface ShellFiles {
  entry: string
  modules: readonly string[]
  stylesheets: readonly string[]
}

/**
 * The head's and the body's additions for a first paint. The app's code and stylesheets (the shell's and the
 * route's) are not in the page: apps/web/public/start-app.js asks for them once the drawing is on screen, so that the
 * drawing paints without waiting for a few hundred kilobytes it does not need, and a simulated load (Lighthouse's
 * Lantern) does not count them as holding back its first or largest paint.
 */
export function firstPaintParts(
  firstPaint: FirstPaintDescription,
  manifest: BuildManifest | null,
  shell: ShellFiles,
  locales: readonly string[],
): { head: string; body: string } {
  const modules = [...firstPaint.routeModules, ...stringModules(firstPaint.strings, locales)]
  const { scripts, styles } = manifest ? routeFiles(manifest, modules) : { scripts: [], styles: [] }
  const head = [
    ...(firstPaint.heroImage
      ? [`<link rel="preload" as="image" href="${escapeHtml(firstPaint.heroImage)}" fetchpriority="high">`]
      : []),
    `<style>${firstPaint.style}</style>`,
  ].join('')
  const entries = Object.entries(firstPaint.answers).map(([url, body]) => `${JSON.stringify(url)}:${body}`)
  const data = `{"generatedAt":${Date.now()},"answers":{${entries.join(',')}}}`
  const addresses = (files: readonly string[]) => escapeHtml(files.join(' '))
  const start =
    `<script id="larder-start" src="/start-app.js" async data-entry="${escapeHtml(shell.entry)}"` +
    ` data-modules="${addresses([...shell.modules, ...scripts.map((file) => `/${file}`)])}"` +
    // The entry's own imports, evaluated one per task before it (start-app.js).
    ` data-steps="${addresses(shell.modules)}"` +
    ` data-styles="${addresses([...shell.stylesheets, ...styles.map((file) => `/${file}`)])}"></script>`
  const body =
    firstPaint.html +
    (entries.length > 0 ? `<script type="application/json" id="larder-answers">${scriptSafeText(data)}</script>` : '') +
    start
  return { head, body }
}
