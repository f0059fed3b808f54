import { is, or, SQL, sql } from 'drizzle-orm'
import type { ListSpec, ResolvedAttribute, SearchSql } from './list-spec.js'
import { containsPattern } from './like-pattern.js'
import { attributeSql, existsThrough } from './relation-sql.js'

/** Enough for any real search; keeps a pasted paragraph from becoming hundreds of LIKE clauses. */
const maximumTerms = 20

/**
 * Splits a search the way Mealie's tokenised search does (docs/mealie-compatibility.md "Recipe list and search"): double-quoted parts stay phrases,
 * punctuation elsewhere separates words, everything lower-cased. Accents are stripped in SQL by `unaccent`.
 */
export function searchTerms(search: string): string[] {
  const terms: string[] = []
  const rest = search.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    terms.push(phrase.trim())
    return ' '
  })
  terms.push(...rest.replace(/[\p{P}\p{S}]/gu, ' ').split(/\s+/))
  const unique = [...new Set(terms.map((term) => term.toLowerCase()).filter((term) => term !== ''))]
  return unique.slice(0, maximumTerms)
}

function normalised(value: SQL): SQL {
  return sql`lower(unaccent(${value}))`
}

function targetSql(target: ResolvedAttribute | SQL): SQL {
  return is(target, SQL) ? target : attributeSql(target)
}

function matchSql(target: ResolvedAttribute | SQL, pattern: string): SQL {
  const condition = sql`${normalised(targetSql(target))} like ${normalised(sql`${pattern}::text`)}`
  return is(target, SQL) ? condition : existsThrough(target.path, condition)
}

/**
 * A row matches when any term is a substring of any searched text (token-OR). Rows whose first searched text
 * (their name) contains the whole search rank first; the request's orderBy only breaks ties.
 */
export function searchSql(spec: ListSpec, search: string | undefined): SearchSql | undefined {
  if (!search) return undefined
  if (spec.searchWith) return spec.searchWith(search)
  if (spec.search.length === 0) return undefined
  const terms = searchTerms(search)
  if (terms.length === 0) return undefined
  const where = or(...terms.flatMap((term) => spec.search.map((target) => matchSql(target, containsPattern(term)))))
  const whole = search.replace(/"/g, '').trim().toLowerCase()
  const [name] = spec.search
  const relevance = name ? sql`(case when ${matchSql(name, containsPattern(whole))} then 0 else 1 end) asc` : sql`1 asc`
  return { where: where ?? sql`true`, relevance }
}
