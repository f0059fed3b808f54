/** Runtime settings the server writes into index.html's `<meta name="larder-config">` (HTML-escaped JSON). */
export interface PublicConfig {
  /** The public config flag of docs/web.md "Client states": dark theme by default. */
  darkMode: boolean
}

const defaults: PublicConfig = { darkMode: false }

export function parsePublicConfig(content: string | null | undefined): PublicConfig {
  if (!content) return defaults
  try {
    const parsed: unknown = JSON.parse(content)
    if (typeof parsed !== 'object' || parsed === null) return defaults
    const record = parsed as Record<string, unknown>
    return { darkMode: record.darkMode === true }
  } catch {
    // A broken tag must not stop the app from starting; the defaults are safe.
    return defaults
  }
}

let cached: PublicConfig | undefined

/** Read once: the tag does not change while the page lives. */
export function publicConfig(): PublicConfig {
  cached ??= parsePublicConfig(document.querySelector('meta[name="larder-config"]')?.getAttribute('content'))
  return cached
}
