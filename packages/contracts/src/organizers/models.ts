import { z } from 'zod'
import { EntityName } from '../common/fields.js'

/** A category or tag as recipes carry it (docs/mealie-compatibility.md "Organizers"). */
export const RecipeCategory = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string() })
  .meta({ id: 'RecipeCategory' })
export type RecipeCategory = z.infer<typeof RecipeCategory>

export const RecipeTag = z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).meta({ id: 'RecipeTag' })
export type RecipeTag = z.infer<typeof RecipeTag>

/**
 * A tool; on-hand is per household (later 2.x `householdsWithTool`, household slugs). `onHand` stays on the wire for
 * 2.0 clients: it answers whether the caller's household has it.
 */
export const RecipeTool = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    onHand: z.boolean(),
    householdsWithTool: z.array(z.string()),
  })
  .meta({ id: 'RecipeTool' })
export type RecipeTool = z.infer<typeof RecipeTool>

export const CreateOrganizer = z.object({ name: EntityName }).meta({ id: 'CategoryIn' })
export type CreateOrganizer = z.input<typeof CreateOrganizer>

export const OrganizerCreated = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string(), groupId: z.uuid() })
  .meta({ id: 'CategorySave' })
export type OrganizerCreated = z.infer<typeof OrganizerCreated>

export const CreateTool = z
  .object({
    name: EntityName,
    onHand: z.boolean().optional(),
    householdsWithTool: z.array(z.string()).optional(),
  })
  .meta({ id: 'RecipeToolCreate' })
export type CreateTool = z.input<typeof CreateTool>
