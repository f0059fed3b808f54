import { GroupRecipeActionOut } from '@larder/contracts'
import { recipeActions } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What recipe action lists filter and order on: GroupRecipeActionOut's own fields. */
export const recipeActionListSpec = defineListSpec({
  table: recipeActions,
  shows: GroupRecipeActionOut,
  columns: {
    id: recipeActions.id,
    action_type: recipeActions.actionType,
    title: recipeActions.title,
    url: recipeActions.url,
    group_id: recipeActions.groupId,
    household_id: recipeActions.householdId,
  },
  search: [recipeActions.title],
  defaultOrder: recipeActions.createdAt,
})
