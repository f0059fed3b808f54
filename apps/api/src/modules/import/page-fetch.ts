import type { OutboundFetch } from '../../lib/outbound-fetch.js'
import { fetchFailure, notHtml } from './import-errors.js'
import { decodePage } from './page-text.js'

/** Recipe pages are 50–600 KB; anything past this is not a page worth reading. */
export const maximumPageBytes = 5 * 1024 * 1024

const htmlTypes = new Set(['text/html', 'application/xhtml+xml', 'text/plain', 'application/xml', 'text/xml'])

export interface FetchedPage {
  /** Where the page finally came from, after redirects: relative links resolve against it. */
  url: string
  html: string
}

/**
 * A page through the outbound guard (every redirect hop checked again, a browser's User-Agent, the size limit and
 * `timeoutMs` for the whole exchange: Mealie's is 15 s, docs/mealie-compatibility.md "Fetching a recipe page"), decoded from the charset it declares. Throws HttpErrors for the import's answers.
 */
export async function fetchPage(fetch: OutboundFetch, url: string, timeoutMs: number): Promise<FetchedPage> {
  const answer = await fetch(url, {
    maxBytes: maximumPageBytes,
    timeoutMs,
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  }).catch((error: unknown) => {
    throw fetchFailure(error, maximumPageBytes)
  })
  // No type at all is read as a page, as browsers sniff it; a declared picture, PDF or JSON is not one.
  if (answer.contentType !== null && !htmlTypes.has(answer.contentType)) throw notHtml(answer.contentType)
  return { url: answer.url, html: decodePage(answer.body, answer.headers['content-type']) }
}
