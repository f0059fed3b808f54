/** Text for HTML: safe in an element's text and in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` as \u escapes, so no text in it (a
 * `</script>` in a recipe name) can end the block or open a comment; the line separators JavaScript parsers trip on too.
 */
export function scriptSafeJson(value: unknown): string {
  return scriptSafeText(JSON.stringify(value))
}

/** JSON text made safe for a data block, as scriptSafeJson: outside strings JSON has no `<`, `>` or `&`. */
export function scriptSafeText(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
