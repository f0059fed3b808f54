import { foodsQuery } from '@/features/foods/api/foods'
import { labelsQuery } from '@/features/foods/api/labels'
import { unitsQuery } from '@/features/foods/api/units'
import { organizersQuery } from '@/features/organizers/api/organizers'
import { recipeActionsQuery } from '@/features/recipe-actions/api/recipe-actions'
import { recipeListQuery } from '@/features/recipes/api/recipes'
import type { RouteQuery } from '@/routes/route-page'

/** One row is enough to learn a list's total. */
const oneRow = { page: 1, perPage: 1, orderBy: 'name', orderDirection: 'asc' } as const

/** The query that counts each data type of the index page. */
export const dataCountQueries: Record<string, RouteQuery> = {
  recipes: recipeListQuery(oneRow),
  foods: foodsQuery(oneRow),
  units: unitsQuery(oneRow),
  labels: labelsQuery(oneRow),
  categories: organizersQuery('categories', oneRow),
  tags: organizersQuery('tags', oneRow),
  tools: organizersQuery('tools', oneRow),
  // Actions have a title, not a name.
  'recipe-actions': recipeActionsQuery({ ...oneRow, orderBy: 'title' }),
}
