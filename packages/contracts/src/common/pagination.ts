import { z } from 'zod'

/** Query parameters shared by every paginated list (docs/mealie-compatibility.md "List parameters"). */
export const PaginationQuery = z.object({
  page: z.coerce.number().int().default(1),
  perPage: z.coerce.number().int().min(-1).default(50),
  orderBy: z.string().max(500).optional(),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  orderByNullPosition: z.enum(['first', 'last']).optional(),
  queryFilter: z.string().max(5000).optional(),
  paginationSeed: z.string().max(200).optional(),
})
export type PaginationQuery = z.infer<typeof PaginationQuery>

/** The envelope of every paginated answer (docs/mealie-compatibility.md "Page envelope"); its keys stay snake_case on the wire. */
export function paginated<Item extends z.ZodType>(item: Item) {
  return z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    items: z.array(item),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  })
}
