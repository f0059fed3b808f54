import { RecipeCategory, RecipeTag, RecipeTool } from '@larder/contracts'
import { sql } from 'drizzle-orm'
import { categories, tags, tools, toolsOnHand } from '../../db/schema/index.js'
import { defineListSpec, type ListSpec } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'

/**
 * What organizer lists filter, order and search on (docs/mealie-compatibility.md "Filter and order attributes"): only what their items show — id, name, slug and,
 * for tools, whether the caller's household has it. Mealie also offers `group_id`, `created_at` and `recipes.*`, which
 * these answers do not show. Unordered lists come newest first, as Mealie's `created_at` default.
 */
export const categoryListSpec = defineListSpec({
  table: categories,
  shows: RecipeCategory,
  columns: { id: categories.id, name: categories.name, slug: categories.slug },
  search: [categories.name],
  defaultOrder: categories.createdAt,
})

export const tagListSpec = defineListSpec({
  table: tags,
  shows: RecipeTag,
  columns: { id: tags.id, name: tags.name, slug: tags.slug },
  search: [tags.name],
  defaultOrder: tags.createdAt,
})

/** Tools as one caller sees them: `on_hand` is whether the caller's household holds the tool. */
export function toolListSpec(scope: Scope): ListSpec {
  return defineListSpec({
    table: tools,
    shows: RecipeTool,
    columns: {
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      on_hand: {
        expression: sql`exists (select 1 from ${toolsOnHand} where ${toolsOnHand.toolId} = ${tools.id} and ${toolsOnHand.householdId} = ${scope.householdId})`,
        type: 'boolean',
      },
    },
    search: [tools.name],
    defaultOrder: tools.createdAt,
  })
}
