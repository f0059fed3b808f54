/**
 * `Content-Disposition` values that are safe whatever the name holds (RFC 6266): an ASCII fallback with every other
 * character replaced, and the real name percent-encoded in `filename*`, so no quote, semicolon or line break in a name
 * can add a header parameter or a header.
 */
function disposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'download'
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export const attachment = (fileName: string) => disposition('attachment', fileName)
export const inline = (fileName: string) => disposition('inline', fileName)
