import type { z } from 'zod'

/**
 * The parts of zod's internal definition that Larder's schema walks read (input casing, the NUL check, list
 * allow-lists, the bad-input sweep); zod 4 keeps them on `schema._zod.def`. One reader, so a zod upgrade that moves
 * them breaks in one place.
 */
export interface SchemaDefinition {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  getter?: () => z.ZodType
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  items?: z.ZodType[]
  rest?: z.ZodType | null
  valueType?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
}

export const schemaDefinitionOf = (schema: z.ZodType): SchemaDefinition =>
  (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def
