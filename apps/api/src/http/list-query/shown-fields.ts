import type { z } from 'zod'

// The parts of zod's internal definition this walk reads; zod 4 keeps them on `schema._zod.def`.
interface SchemaDefinition {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  options?: z.ZodType[]
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def

/** `private_household` → `privateHousehold`. */
const camelCaseOf = (name: string) => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())

/** The object schemas a value of this schema can be, through optional, nullable, arrays and unions. */
function objectShapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  const definition = definitionOf(schema)
  if (definition.innerType) return objectShapes(definition.innerType)
  switch (definition.type) {
    case 'object':
      return definition.shape ? [definition.shape] : []
    case 'array':
      return definition.element ? objectShapes(definition.element) : []
    case 'union':
      return (definition.options ?? []).flatMap(objectShapes)
    case 'pipe':
      return definition.out ? objectShapes(definition.out) : []
    default:
      return []
  }
}

/**
 * Whether an answer schema shows the attribute at this snake_case path: nested (`preferences.private_household` →
 * `preferences.privateHousehold`) or flattened as Mealie's models flatten a relation (`group.slug` → `groupSlug`).
 */
export function shownPath(schema: z.ZodType, path: readonly string[]): boolean {
  const [first, ...rest] = path
  if (first === undefined) return true
  return objectShapes(schema).some((shape) => {
    const nested = camelCaseOf(first)
    if (Object.hasOwn(shape, nested) && shownPath(shape[nested]!, rest)) return true
    return rest.length > 0 && Object.hasOwn(shape, camelCaseOf(path.join('_')))
  })
}
