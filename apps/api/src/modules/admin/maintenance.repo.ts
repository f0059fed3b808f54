import { inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipes } from '../../db/schema/index.js'

/** The administrators' maintenance reads the whole server: no tenant scope, as every /api/admin route. */
export const maintenanceRepo = {
  /** Which of `ids` are recipes of any group. */
  async existingRecipeIds(ex: Executor, ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>()
    // Chunked: a library of many thousands of recipes stays within a statement's parameter limit.
    for (let start = 0; start < ids.length; start += 5000) {
      const rows = await ex
        .select({ id: recipes.id })
        .from(recipes)
        .where(inArray(recipes.id, ids.slice(start, start + 5000)))
      for (const row of rows) found.add(row.id)
    }
    return found
  },
}
