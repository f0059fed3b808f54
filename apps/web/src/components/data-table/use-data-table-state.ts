import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { listParams, type ListParams, type SortState } from './list-params'

export interface DataTableState {
  search: string
  setSearch: (search: string) => void
  page: number
  setPage: (page: number) => void
  sort: SortState
  setSort: (sort: SortState) => void
  /** What to send: the debounced search, the page and the sort. */
  params: ListParams
}

/** A data table's search, page and sort; a new search or sort goes back to the first page. */
export function useDataTableState(initialSort: SortState = { orderBy: 'name', orderDirection: 'asc' }): DataTableState {
  const [search, setSearchValue] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  const [page, setPage] = useState(1)
  const [sort, setSortValue] = useState<SortState>(initialSort)
  return {
    search,
    setSearch: (value) => {
      setSearchValue(value)
      setPage(1)
    },
    page,
    setPage,
    sort,
    setSort: (value) => {
      setSortValue(value)
      setPage(1)
    },
    params: listParams(page, sort, debouncedSearch),
  }
}
