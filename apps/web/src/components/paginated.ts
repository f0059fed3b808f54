/** The envelope of every paginated answer (reference §4.1). */
export interface Paginated<Item> {
  page: number
  per_page: number
  total: number
  total_pages: number
  items: Item[]
  next: string | null
  previous: string | null
}

/** Query for "all of them": lists here are small (users, groups, households of one server). */
export const everyItem = { page: 1, perPage: -1 } as const
