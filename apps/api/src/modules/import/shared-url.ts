/**
 * The address in what a user pasted or shared (docs/mealie-compatibility.md "Scraper endpoints"): the first run of non-blank characters that starts
 * with http://, https:// or www. ("Look at this: https://… via @app"). A bare "www." address gets https://.
 * Trailing punctuation of the sentence around it is not part of it.
 */
export function urlInText(text: string): string | null {
  const match = /(?:https?:\/\/|www\.)\S+/i.exec(text)
  if (!match) return null
  let url = match[0].replace(/[),.;:!?'"»”’]+$/u, '')
  if (/^www\./i.test(url)) url = `https://${url}`
  try {
    return new URL(url).href
  } catch {
    return null
  }
}
