import type { z } from 'zod'
import { schemaDefinitionOf } from './schema-definition.js'

/**
 * What every request input goes through before its schema parses it (DESIGN §3, §4): key spellings are settled and
 * text PostgreSQL cannot store is refused. The API applies both to every endpoint, so no endpoint can forget them.
 */

/** `fullName` → `full_name`; snake_case passes through unchanged. */
export function snakeCaseOf(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

/** `full_name` → `fullName`; camelCase passes through unchanged. */
export function camelCaseOf(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())
}

const wrapperTypes = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'])

/** For each object schema: the other spelling of each declared key → the declared key. */
const otherSpellings = new WeakMap<object, ReadonlyMap<string, string>>()

function otherSpellingsOf(shape: Record<string, z.ZodType>): ReadonlyMap<string, string> {
  const cached = otherSpellings.get(shape)
  if (cached) return cached
  const spellings = new Map<string, string>()
  for (const declared of Object.keys(shape)) {
    for (const other of [snakeCaseOf(declared), camelCaseOf(declared)]) {
      if (other !== declared && !Object.hasOwn(shape, other)) spellings.set(other, declared)
    }
  }
  otherSpellings.set(shape, spellings)
  return spellings
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Renames every key to the spelling its schema declares, nested too: Mealie's models accept each field in camelCase
 * and in snake_case (reference §2, "population by field name"), and its clients send both. A field declared in
 * snake_case (`remember_me`) accepts its camelCase spelling the same way. When both spellings of one field arrive,
 * the declared one wins and the other is ignored, as pydantic lets the alias win over the field name (reference
 * §9.2.3: "when both a snake_case key and its camelCase alias are present, the camelCase one wins"). Keys the schema
 * does not know are left for the schema to handle. Returns a copy; the input is not changed.
 */
export function withDeclaredKeys(schema: z.ZodType, value: unknown): unknown {
  const definition = schemaDefinitionOf(schema)
  if (wrapperTypes.has(definition.type) && definition.innerType) return withDeclaredKeys(definition.innerType, value)
  switch (definition.type) {
    case 'pipe': {
      // `.transform()` reads its input side; `z.preprocess()` puts a transform first and the real schema after it.
      const inputSide =
        definition.in && schemaDefinitionOf(definition.in).type !== 'transform' ? definition.in : definition.out
      return inputSide ? withDeclaredKeys(inputSide, value) : value
    }
    case 'lazy':
      return definition.getter ? withDeclaredKeys(definition.getter(), value) : value
    case 'object':
      return isPlainObject(value) && definition.shape ? objectWithDeclaredKeys(definition.shape, value) : value
    case 'array':
      return Array.isArray(value) && definition.element
        ? value.map((item) => withDeclaredKeys(definition.element!, item))
        : value
    case 'tuple':
      return Array.isArray(value)
        ? value.map((item: unknown, index) => {
            const itemSchema = definition.items?.[index] ?? definition.rest
            return itemSchema ? withDeclaredKeys(itemSchema, item) : item
          })
        : value
    case 'record':
      return isPlainObject(value) && definition.valueType
        ? Object.fromEntries(
            Object.entries(value).map(([key, item]) => [key, withDeclaredKeys(definition.valueType!, item)]),
          )
        : value
    case 'union':
      return (definition.options ?? []).reduce((current, option) => withDeclaredKeys(option, current), value)
    case 'intersection':
      return definition.left && definition.right
        ? withDeclaredKeys(definition.right, withDeclaredKeys(definition.left, value))
        : value
    default:
      return value
  }
}

function objectWithDeclaredKeys(shape: Record<string, z.ZodType>, value: Record<string, unknown>) {
  const spellings = otherSpellingsOf(shape)
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const declared = Object.hasOwn(shape, key) ? key : spellings.get(key)
    if (declared === undefined) {
      result[key] = item
    } else if (declared === key || !Object.hasOwn(value, declared)) {
      result[declared] = withDeclaredKeys(shape[declared]!, item)
    }
  }
  return result
}

/** One issue in FastAPI's 422 shape (DESIGN §4), without the leading location (`body`, `query`, `path`). */
export interface InputIssue {
  loc: (string | number)[]
  msg: string
  type: string
}

// A NUL (PostgreSQL refuses it in text) or a UTF-16 surrogate without its partner (not encodable as UTF-8).
// eslint-disable-next-line no-control-regex -- finding the control character NUL is the point
const unsafeCharacter = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const unsafeTextMessage = 'Text may not contain NUL characters or unpaired surrogates'

/**
 * Every place in an input, keys included, where text holds a character no column can store. Checked on the raw
 * input, so fields parsed later (a queryFilter, a search) are covered as well as the schema's own string fields.
 */
export function unsafeTextIssues(value: unknown, path: (string | number)[] = []): InputIssue[] {
  if (typeof value === 'string') {
    return unsafeCharacter.test(value) ? [{ loc: path, msg: unsafeTextMessage, type: 'string_unsafe_character' }] : []
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextIssues(item, [...path, index]))
  if (!isPlainObject(value)) return []
  return Object.entries(value).flatMap(([key, item]) =>
    unsafeCharacter.test(key)
      ? [{ loc: [...path, key], msg: unsafeTextMessage, type: 'string_unsafe_character' }]
      : unsafeTextIssues(item, [...path, key]),
  )
}
