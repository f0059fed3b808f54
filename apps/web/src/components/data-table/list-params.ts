/** What a data table asks a list endpoint for (docs/mealie-compatibility.md "Lists"): one page, one sort, an optional search. */
export interface ListParams {
  page: number
  perPage: number
  orderBy: string
  orderDirection: 'asc' | 'desc'
  search?: string
}

export interface SortState {
  orderBy: string
  orderDirection: 'asc' | 'desc'
}

export const dataTablePerPage = 25

/** The first page of a table, sorted by name: what the data pages ask for when they open (and prefetch). */
export const firstPageByName: ListParams = {
  page: 1,
  perPage: dataTablePerPage,
  orderBy: 'name',
  orderDirection: 'asc',
}

/** The parameters for a table's state; an empty search is left out, as the routes prefetch it. */
export function listParams(page: number, sort: SortState, search: string, perPage = dataTablePerPage): ListParams {
  const params: ListParams = { page, perPage, orderBy: sort.orderBy, orderDirection: sort.orderDirection }
  return search ? { ...params, search } : params
}
