import { z } from 'zod'
import { EntityName, Locale } from '../common/fields.js'

const Extras = z.record(z.string(), z.string()).default({})
const Alias = z.object({ name: z.string().trim().min(1).max(100) })

export const MultiPurposeLabel = z
  .object({ id: z.uuid(), name: z.string(), color: z.string(), groupId: z.uuid() })
  .meta({ id: 'MultiPurposeLabelSummary' })
export type MultiPurposeLabel = z.infer<typeof MultiPurposeLabel>

const HexColor = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'Use a colour like #959595')

export const CreateLabel = z
  .object({ name: z.string().trim().min(1).max(255), color: HexColor.default('#959595') })
  .meta({ id: 'MultiPurposeLabelCreate' })
export type CreateLabel = z.input<typeof CreateLabel>

export const UpdateLabel = CreateLabel.extend({ id: z.uuid().optional(), groupId: z.uuid().optional() }).meta({
  id: 'MultiPurposeLabelUpdate',
})
export type UpdateLabel = z.input<typeof UpdateLabel>

/** IngredientFood (docs/mealie-compatibility.md "Foods, units and labels"); `onHand` answers for the caller's household, `householdsWithIngredientFood` for all. */
export const IngredientFood = z
  .object({
    id: z.uuid(),
    name: z.string(),
    pluralName: z.string().nullable(),
    description: z.string(),
    extras: z.record(z.string(), z.string()),
    onHand: z.boolean(),
    householdsWithIngredientFood: z.array(z.string()),
    labelId: z.uuid().nullable(),
    label: MultiPurposeLabel.nullable(),
    aliases: z.array(z.object({ name: z.string() })),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'IngredientFood' })
export type IngredientFood = z.infer<typeof IngredientFood>

export const CreateIngredientFood = z
  .object({
    name: EntityName,
    pluralName: z.string().trim().max(100).nullable().optional(),
    description: z.string().max(1000).default(''),
    extras: Extras,
    onHand: z.boolean().optional(),
    householdsWithIngredientFood: z.array(z.string()).optional(),
    labelId: z.uuid().nullable().optional(),
    aliases: z.array(Alias).max(50).default([]),
  })
  .meta({ id: 'CreateIngredientFood' })
export type CreateIngredientFood = z.input<typeof CreateIngredientFood>

export const IngredientUnit = z
  .object({
    id: z.uuid(),
    name: z.string(),
    pluralName: z.string().nullable(),
    description: z.string(),
    extras: z.record(z.string(), z.string()),
    fraction: z.boolean(),
    abbreviation: z.string(),
    pluralAbbreviation: z.string().nullable(),
    useAbbreviation: z.boolean(),
    aliases: z.array(z.object({ name: z.string() })),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'IngredientUnit' })
export type IngredientUnit = z.infer<typeof IngredientUnit>

export const CreateIngredientUnit = z
  .object({
    name: EntityName,
    pluralName: z.string().trim().max(100).nullable().optional(),
    description: z.string().max(1000).default(''),
    extras: Extras,
    fraction: z.boolean().default(true),
    abbreviation: z.string().trim().max(30).default(''),
    pluralAbbreviation: z.string().trim().max(30).nullable().default(''),
    useAbbreviation: z.boolean().default(false),
    aliases: z.array(Alias).max(50).default([]),
  })
  .meta({ id: 'CreateIngredientUnit' })
export type CreateIngredientUnit = z.input<typeof CreateIngredientUnit>

export const MergeFoods = z.object({ fromFood: z.uuid(), toFood: z.uuid() }).meta({ id: 'MergeFood' })
export const MergeUnits = z.object({ fromUnit: z.uuid(), toUnit: z.uuid() }).meta({ id: 'MergeUnit' })
export const SeedRequest = z.object({ locale: Locale }).meta({ id: 'SeederConfig' })
