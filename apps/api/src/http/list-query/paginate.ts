import type { PaginationQuery } from '@larder/contracts'
import { and, sql, type SQL } from 'drizzle-orm'
import { PgTransaction, unionAll, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { PreserializedJson, preserializedObject } from '../preserialized-json.js'
import type { ListSpec } from './list-spec.js'
import { orderBySql } from './order-by.js'
import { parseQueryFilter } from './query-filter-parser.js'
import { filterTreeSql, queryFilterSql } from './query-filter-sql.js'
import type { IdArrayRelation } from './relation-sql.js'
import { searchSql } from './search.js'

/** The request side of every list: the shared parameters (docs/mealie-compatibility.md "List parameters"), a search, and any extra params to carry into the links. */
export type ListQuery = Partial<PaginationQuery> & { search?: string | undefined }

export type ItemId = string | number

export interface PaginateOptions<Item> {
  /**
   * The tenancy filter: always ANDed, so no queryFilter can reach past it. Required: a list across every tenant goes
   * through `paginateAcrossTenants`, which only administrators' services call.
   */
  scope: SQL
  /** Further conditions of the endpoint's own parameters (e.g. a recipe list's `tags=`). */
  where?: SQL | undefined
  /** A queryFilter of the endpoint's own (a cookbook's), ANDed with the request's. */
  queryFilter?: string | undefined
  /** The sub-router path the `next`/`previous` links start with, e.g. `/users` (docs/mealie-compatibility.md "Page envelope"). */
  path: string
  /** Loads the items of one page; ids arrive in page order and the items are put back in that order. */
  select: (ids: ItemId[]) => Promise<Item[]>
  /** How to read an item's id to restore the page order; defaults to `item.id`. */
  idOf?: (item: Item) => ItemId
  /** The clock for `$NOW` in filters; tests pin it. */
  now?: Date
}

export interface Page<Item> {
  page: number
  per_page: number
  total: number
  total_pages: number
  items: Item[]
  next: string | null
  previous: string | null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any driver and schema will do
type AnyDatabase = PgDatabase<PgQueryResultHKT, any>

/** The WHERE and ORDER BY of a list, for endpoints that need a query of their own shape. */
export function listQuerySql(
  spec: ListSpec,
  query: ListQuery,
  options: { scope: SQL; where?: SQL | undefined; now?: Date },
) {
  const filter = query.queryFilter?.trim() ? queryFilterSql(spec, query.queryFilter, options.now) : undefined
  return unscopedListQuerySql(spec, query, options, filter)
}

/** The list's WHERE and ORDER BY around `filter`, the request's queryFilter as SQL. */
function unscopedListQuerySql(
  spec: ListSpec,
  query: ListQuery,
  options: { scope?: SQL | undefined; where?: SQL | undefined },
  filter: SQL | undefined,
) {
  const search = searchSql(spec, query.search)
  return {
    where: and(options.scope, options.where, filter, search?.where),
    orderBy: orderBySql(spec, query, search ? [search.relevance] : []),
  }
}

/**
 * The list's queryFilters (the request's and the endpoint's own) as two conditions. `page`, for the page's ids: the
 * related ids of each condition on an id-array relation (`tags.name IN […]`) found first, all in one statement, and
 * written in as values. Behind `array(select …)` the planner guessed a few rows whatever the names and sorted every
 * match (at 100k recipes, `tags.name IN ["Italian", "French"] AND rating > 3`: 11,355 buffers); with the values it
 * reads how many recipes hold them from the array column's statistics and walks the order's index, stopping after the
 * page (693). `count` keeps the sub-queries: a count reads every match whatever the plan, and with the values the
 * planner, expecting a third of the table, read all of it (27,464 pages, 3 times the CPU) rather than the matches'
 * pages (11,355 buffers).
 */
async function queryFilterConditions(
  db: AnyDatabase,
  spec: ListSpec,
  filters: ReadonlyArray<string | undefined>,
  now = new Date(),
): Promise<{ page: SQL | undefined; count: SQL | undefined }> {
  const trees = filters.flatMap((filter) => (filter?.trim() ? [parseQueryFilter(filter)] : []))
  const count = and(...trees.map((tree) => filterTreeSql(spec, tree, now)))
  const lookups: Array<{ relation: IdArrayRelation; condition: SQL }> = []
  // Each tree is walked twice in the same order: once to collect what to look up, once to write in what was found.
  for (const tree of trees) {
    filterTreeSql(spec, tree, now, (relation, condition) => {
      lookups.push({ relation, condition })
      return sql`null`
    })
  }
  if (lookups.length === 0) return { page: count, count }
  const [first, second, ...rest] = lookups.map(({ relation, condition }, index) =>
    db
      .select({ lookup: sql<number>`${index}::int`.mapWith(Number), id: sql<string>`${relation.idArray.id}::text` })
      .from(relation.table)
      .where(condition),
  )
  const rows = await (second ? unionAll(first!, second, ...rest) : first!)
  const found = lookups.map((): string[] => [])
  for (const row of rows) found[row.lookup]?.push(row.id)
  let next = 0
  const idsFound = (relation: IdArrayRelation) =>
    sql`${arrayLiteral(found[next++] ?? [])}::${sql.raw(relation.idArray.id.getSQLType())}[]`
  return { page: and(...trees.map((tree) => filterTreeSql(spec, tree, now, idsFound))), count }
}

/** PostgreSQL's text form of an array of these values, each quoted so that any text reads back as it was. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`
}

/**
 * Runs a list: one query for the page's ids, then one for the items, and one `count(*)` for the total (on the pool
 * beside the other two, so a page costs the longer of the two paths; one after the other inside a transaction);
 * first, when a queryFilter names related rows through an id array, one statement that finds their ids
 * (`queryFilterConditions`). Builds the envelope (docs/mealie-compatibility.md "Page envelope").
 */
export function paginate<Item>(
  db: AnyDatabase,
  spec: ListSpec,
  query: ListQuery,
  options: PaginateOptions<Item>,
): Promise<Page<Item>> {
  return runList(db, spec, query, options, itemsInIdOrder(options), [])
}

export interface PreserializedPaginateOptions<Item> extends Omit<PaginateOptions<Item>, 'select' | 'idOf'> {
  /**
   * Loads the items of one page, in the order of the ids, as their JSON array's final bytes; or as objects (in that
   * order too) when it cannot write them as the serialiser would.
   */
  select: (ids: ItemId[]) => Promise<PreserializedJson<Item[]> | Item[]>
}

/**
 * `paginate` for a hot list whose items come as final JSON bytes: the envelope is written around them and the whole
 * page goes out as it is (PreserializedJson), in the order of paginated()'s schema. A page whose items came as
 * objects is answered as `paginate` answers.
 */
export async function paginatePreserialized<Item>(
  db: AnyDatabase,
  spec: ListSpec,
  query: ListQuery,
  options: PreserializedPaginateOptions<Item>,
): Promise<Page<Item> | PreserializedJson<Page<Item>>> {
  const page = await runList(db, spec, query, options, options.select, [])
  const { items } = page
  if (!(items instanceof PreserializedJson)) return { ...page, items }
  return preserializedObject<Page<Item>>([
    ['page', page.page],
    ['per_page', page.per_page],
    ['total', page.total],
    ['total_pages', page.total_pages],
    ['items', items],
    ['next', page.next],
    ['previous', page.previous],
  ])
}

/**
 * A list over every tenant's rows: the administrators' lists of users, groups and households, and nothing else. Its
 * own name so that grepping for it shows every unscoped list.
 */
export function paginateAcrossTenants<Item>(
  db: AnyDatabase,
  spec: ListSpec,
  query: ListQuery,
  options: Omit<PaginateOptions<Item>, 'scope'>,
): Promise<Page<Item>> {
  return runList(db, spec, query, options, itemsInIdOrder(options), [])
}

function itemsInIdOrder<Item>(options: Pick<PaginateOptions<Item>, 'select' | 'idOf'>) {
  return async (pageIds: ItemId[]) => inIdOrder(pageIds, await options.select(pageIds), options.idOf)
}

type ListOptions = Omit<PaginateOptions<unknown>, 'select' | 'idOf' | 'scope'> & { scope?: SQL }

/** A page of the list with its items as `load` gives them; `none` for a page without ids. */
async function runList<Items>(
  db: AnyDatabase,
  spec: ListSpec,
  query: ListQuery,
  options: ListOptions,
  load: (pageIds: ItemId[]) => Promise<Items>,
  none: Items,
): Promise<Omit<Page<never>, 'items'> & { items: Items }> {
  const filters = await queryFilterConditions(db, spec, [query.queryFilter, options.queryFilter], options.now)
  const { where, orderBy } = unscopedListQuerySql(spec, query, options, filters.page)
  const countWhere = unscopedListQuerySql(spec, query, options, filters.count).where
  const perPage = query.perPage ?? 50
  const requestedPage = query.page ?? 1

  const pageOfIds = async (limit: number | undefined, offset: number): Promise<ItemId[]> => {
    // No window count here: `count(*) over ()` makes PostgreSQL produce and keep every matching row before LIMIT
    // applies, where the bare ORDER BY … LIMIT stops after the page's rows. The total is counted on its own.
    const base = db
      .select({ id: spec.id })
      .from(spec.table)
      .where(where)
      .orderBy(...orderBy)
      .$dynamic()
    const rows = await (limit === undefined ? base : base.limit(limit).offset(offset))
    return rows.map((row) => row.id as ItemId)
  }
  const countRows = async () => {
    const [row] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(spec.table)
      .where(countWhere)
    return row?.total ?? 0
  }
  // On the pool the count runs beside the page, each on its own connection. Inside a transaction they run one
  // after the other: a transaction has one connection, and a second one taken inside it can wait for ever.
  const inTransaction = db instanceof PgTransaction

  const itemsOf = async (pageIds: ItemId[]): Promise<Items> => (pageIds.length > 0 ? load(pageIds) : none)

  let page = Math.max(1, requestedPage)
  let total: number
  let items: Items
  if (perPage === -1) {
    // Everything on one page; a later page is beyond it and empty.
    if (page === 1) {
      const ids = await pageOfIds(undefined, 0)
      total = ids.length
      items = await itemsOf(ids)
    } else {
      total = await countRows()
      items = none
    }
  } else if (requestedPage === -1) {
    total = await countRows()
    page = Math.max(1, totalPages(total, perPage))
    items = await itemsOf(await pageOfIds(perPage, (page - 1) * perPage))
  } else {
    const offset = (page - 1) * perPage
    // An offset past PostgreSQL's bigint would be an error; such a page is simply beyond the end.
    const fetchIds = () => (Number.isSafeInteger(offset) ? pageOfIds(perPage, offset) : Promise.resolve([]))
    // A page that is neither empty nor full tells the total by itself.
    const knownTotal = (pageIds: ItemId[]) =>
      pageIds.length > 0 && pageIds.length < perPage ? offset + pageIds.length : undefined
    if (inTransaction) {
      const ids = await fetchIds()
      total = knownTotal(ids) ?? (offset === 0 && ids.length === 0 && perPage > 0 ? 0 : await countRows())
      items = await itemsOf(ids)
    } else {
      // The count needs nothing from the page, so the items need not wait for it.
      const [loaded, counted] = await Promise.all([
        fetchIds().then(async (ids) => ({ ids, items: await itemsOf(ids) })),
        countRows(),
      ])
      total = knownTotal(loaded.ids) ?? counted
      items = loaded.items
    }
  }

  const effectivePerPage = perPage === -1 ? total : perPage
  const pages = totalPages(total, effectivePerPage)
  return {
    page,
    per_page: effectivePerPage,
    total,
    total_pages: pages,
    items,
    next: page < pages ? pageLink(options.path, query, page + 1) : null,
    previous: page > 1 ? pageLink(options.path, query, page - 1) : null,
  }
}

function totalPages(total: number, perPage: number): number {
  return perPage > 0 ? Math.ceil(total / perPage) : 0
}

function inIdOrder<Item>(ids: ItemId[], items: Item[], idOf?: (item: Item) => ItemId): Item[] {
  const read = idOf ?? ((item: Item) => (item as { id: ItemId }).id)
  const byId = new Map(items.map((item) => [String(read(item)), item]))
  return ids.flatMap((id) => byId.get(String(id)) ?? [])
}

const linkOrder = ['perPage', 'orderBy', 'orderByNullPosition', 'orderDirection', 'queryFilter', 'paginationSeed']

/** A relative link to another page with the request's other parameters, camelCased (docs/mealie-compatibility.md "Page envelope"). */
export function pageLink(path: string, query: Readonly<Record<string, unknown>>, page: number): string {
  const params = new URLSearchParams({ page: String(page) })
  const keys = [...linkOrder, ...Object.keys(query).filter((key) => key !== 'page' && !linkOrder.includes(key))]
  for (const key of keys) {
    const value = query[key]
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        params.append(key, String(item))
      }
    }
  }
  return `${path}?${params.toString()}`
}
