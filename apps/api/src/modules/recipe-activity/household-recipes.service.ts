import type { HouseholdRecipeSummary } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import type { GroupRecipeRepo } from './group-recipes.repo.js'

/** What the caller's household keeps of a recipe of the group (docs/mealie-compatibility.md "Household recipe data"): its own "last made". */
export function createHouseholdRecipeService(deps: { db: Database; groupRecipes: GroupRecipeRepo }) {
  const { db, groupRecipes } = deps
  return {
    async read(caller: Caller, slugOrId: string): Promise<HouseholdRecipeSummary> {
      const recipe = await groupRecipes.findRecipeInGroup(db, caller, slugOrId)
      if (!recipe) throw notFound('Recipe not found')
      const lastMade = await groupRecipes.householdLastMade(db, caller, recipe.id)
      return { recipeId: recipe.id, lastMade: lastMade?.toISOString() ?? null }
    },
  }
}

export type HouseholdRecipeService = ReturnType<typeof createHouseholdRecipeService>
