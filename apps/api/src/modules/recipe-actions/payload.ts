import type { RecipeActionRow } from './repo.js'

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/**
 * Mealie posts a plain model dump: snake_case keys all the way down, except inside `extras`, whose keys are the
 * user's own.
 */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [snakeCase(key), key === 'extras' ? inner : snakeCaseKeys(inner)]),
  )
}

/** What a `post` action sends (Mealie's): the action and the whole recipe, in snake_case. */
export function recipeActionBody(action: RecipeActionRow, recipe: unknown) {
  return {
    action: {
      action_type: action.actionType,
      title: action.title,
      url: action.url,
      group_id: action.groupId,
      household_id: action.householdId,
      id: action.id,
    },
    content: snakeCaseKeys(recipe),
  }
}
