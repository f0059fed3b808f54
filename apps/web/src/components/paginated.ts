/** The envelope of every paginated answer (docs/mealie-compatibility.md "Page envelope"). */
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
