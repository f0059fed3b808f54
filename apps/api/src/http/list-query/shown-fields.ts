import type { z } from 'zod'
import { camelCaseOf, schemaDefinitionOf } from '@larder/contracts'

/** The object schemas a value of this schema can be, through optional, nullable, arrays and unions. */
function objectShapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  const definition = schemaDefinitionOf(schema)
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

/** The key of `shape` that is `key` up to letter case: Mealie writes `orgURL` for the column `org_url`. */
function shownKey(shape: Record<string, z.ZodType>, key: string): string | undefined {
  if (Object.hasOwn(shape, key)) return key
  return Object.keys(shape).find((candidate) => candidate.toLowerCase() === key.toLowerCase())
}

/**
 * Whether an answer schema shows the attribute at this snake_case path: nested (`preferences.private_household` →
 * `preferences.privateHousehold`) or flattened as Mealie's models flatten a relation (`group.slug` → `groupSlug`).
 */
export function shownPath(schema: z.ZodType, path: readonly string[]): boolean {
  const [first, ...rest] = path
  if (first === undefined) return true
  return objectShapes(schema).some((shape) => {
    const nested = shownKey(shape, camelCaseOf(first))
    if (nested !== undefined && shownPath(shape[nested]!, rest)) return true
    return rest.length > 0 && shownKey(shape, camelCaseOf(path.join('_'))) !== undefined
  })
}
