import { sql, type SQL } from 'drizzle-orm'
import { badRequest, ValidationFailure } from '../errors.js'
import { type ListSpec, resolveAttribute } from './list-spec.js'
import { attributeSql, valueThrough } from './relation-sql.js'

export interface OrderQuery {
  orderBy?: string | undefined
  orderDirection?: 'asc' | 'desc' | undefined
  orderByNullPosition?: 'first' | 'last' | undefined
  paginationSeed?: string | undefined
}

type Direction = 'asc' | 'desc'

/**
 * ORDER BY terms for a list (docs/mealie-compatibility.md "List parameters"): `leading` terms (a search's relevance) come first, then the request's
 * `orderBy` — or the spec's default when neither is given — and finally the id, so that pages never overlap.
 */
export function orderBySql(spec: ListSpec, query: OrderQuery, leading: readonly SQL[] = []): SQL[] {
  const tieBreaker = sql`${spec.id} asc`
  const requested = query.orderBy?.trim()
  if (requested === 'random') {
    if (!query.paginationSeed) {
      throw new ValidationFailure([
        {
          loc: ['query', 'paginationSeed'],
          msg: 'paginationSeed is required when orderBy is random',
          type: 'value_error',
        },
      ])
    }
    // A hash of seed and id: the same seed gives the same permutation on every page, another seed another one.
    return [...leading, sql`md5(${query.paginationSeed}::text || ${spec.id}::text)`, tieBreaker]
  }
  const fallback = leading.length > 0 ? undefined : spec.defaultOrder
  if (!requested && fallback !== undefined && typeof fallback !== 'string') {
    return [sql`${fallback} ${query.orderDirection === 'asc' ? sql`asc` : sql`desc`}`, tieBreaker]
  }
  const text = requested || fallback
  const items = typeof text === 'string' ? parseOrderItems(spec, text, query) : []
  return [...leading, ...items, tieBreaker]
}

function parseOrderItems(spec: ListSpec, whole: string, query: OrderQuery): SQL[] {
  const defaultDirection: Direction = query.orderDirection ?? 'desc'
  const nulls =
    query.orderByNullPosition === 'first'
      ? sql` nulls first`
      : query.orderByNullPosition === 'last'
        ? sql` nulls last`
        : sql``
  return whole
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const invalid = () => badRequest(`Invalid order_by statement "${whole}": "${item}" is invalid`)
      const [name = '', direction, ...extra] = item.split(':').map((part) => part.trim())
      const chosen = direction === undefined ? defaultDirection : direction.toLowerCase()
      if (extra.length > 0 || (chosen !== 'asc' && chosen !== 'desc')) throw invalid()
      // Mealie 2.0 takes snake_case only here; also accepting camelCase (as queryFilter does) breaks no client.
      const attribute = resolveAttribute(spec, name)
      if (!attribute) throw invalid()
      // String columns sort case-insensitively (docs/mealie-compatibility.md "List parameters").
      const column = attribute.orderExpression ?? attributeSql(attribute)
      const value = attribute.type === 'string' ? sql`lower(${column})` : column
      return sql`${valueThrough(attribute, value, chosen)} ${chosen === 'asc' ? sql`asc` : sql`desc`}${nulls}`
    })
}
