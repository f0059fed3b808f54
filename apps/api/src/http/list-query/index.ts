/** The one list machinery every paginated endpoint uses (docs/mealie-compatibility.md "Lists"): declare a spec, then paginate. */
export {
  defineListSpec,
  resolveAttribute,
  type ComputedColumn,
  type ListColumn,
  type ListSpec,
  type ListSpecInput,
  type RelationSpec,
  type SearchSql,
  type ValueType,
} from './list-spec.js'
export {
  listQuerySql,
  pageLink,
  paginate,
  paginateAcrossTenants,
  paginatePreserialized,
  type ItemId,
  type ListQuery,
  type Page,
  type PaginateOptions,
  type PreserializedPaginateOptions,
} from './paginate.js'
export { orderBySql, type OrderQuery } from './order-by.js'
export { parseQueryFilter, type FilterCondition, type FilterNode } from './query-filter-parser.js'
export { queryFilterParts } from './query-filter-parts.js'
export { filterTreeSql, queryFilterSql } from './query-filter-sql.js'
export { searchSql, searchTerms } from './search.js'
