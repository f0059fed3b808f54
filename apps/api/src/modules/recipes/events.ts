/** A recipe's event: heard by its whole group, routed to the notifiers of the recipe's own household. */
export const recipeEvent = (
  type: 'recipe.created' | 'recipe.updated' | 'recipe.deleted',
  recipe: { id: string; slug: string; householdId: string },
) => ({ type, document: { recipeId: recipe.id, recipeSlug: recipe.slug }, householdId: recipe.householdId })
