const urlPattern = /https?:\/\/[^\s<>"'«»]+/i

/** Trailing punctuation that ends a sentence around a shared link rather than the link itself. */
const trailingPunctuation = /[.,;:!?)\]}]+$/

/**
 * The web address inside text shared from another app ("Look at this: https://… via Foo"), or the text itself when
 * it holds none (the person may be typing one). The server reads shared text the same way; taking the address out
 * here shows the person what will be imported.
 */
export function urlInSharedText(text: string): string {
  const match = urlPattern.exec(text)
  if (!match) return text.trim()
  return match[0].replace(trailingPunctuation, '')
}

/**
 * What the share target (the manifest's `share_target`, through `/r/create/url`) or a bookmarklet passed in the
 * query: `recipe_import_url`, which the manifest fills from the shared url and text (so it can appear twice), with
 * the values that hold an address first.
 */
export function sharedUrlOf(search: URLSearchParams): string {
  const values = search.getAll('recipe_import_url').filter((value) => value.trim() !== '')
  const withAddress = values.find((value) => urlPattern.test(value))
  return urlInSharedText(withAddress ?? values[0] ?? '')
}
