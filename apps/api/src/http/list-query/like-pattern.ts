/**
 * LIKE patterns for PostgreSQL, whose escape character is the backslash: a pattern ending in a lone backslash is an
 * error there ("LIKE pattern must not end with escape character"), so no pattern built here ever does.
 */

/** A search term as a substring: `%`, `_` and `\` are letters the user typed, not wildcards. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * A queryFilter's LIKE value keeps its wildcards and escapes (docs/mealie-compatibility.md "Query filters": `%` and `_` are SQL's), but a final
 * backslash that escapes nothing stands for itself.
 */
export function filterPattern(pattern: string): string {
  const trailingBackslashes = /\\*$/.exec(pattern)?.[0].length ?? 0
  return trailingBackslashes % 2 === 1 ? `${pattern}\\` : pattern
}
