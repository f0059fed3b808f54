import type { z } from 'zod'
import { schemaDefinitionOf } from './schema-definition.js'

/**
 * What every request input goes through before its schema parses it (docs/architecture.md "Contracts", docs/api.md "Errors"): key spellings are settled and
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
 * and in snake_case (docs/mealie-compatibility.md "Mealie compatibility", "population by field name"), and its clients send both. A field declared in
 * snake_case (`remember_me`) accepts its camelCase spelling the same way. When both spellings of one field arrive,
 * the declared one wins and the other is ignored, as pydantic lets the alias win over the field name (reference
 * docs/mealie-compatibility.md "Migration pipeline": "when both a snake_case key and its camelCase alias are present, the camelCase one wins"). Keys the schema
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

/** One issue in FastAPI's 422 shape (docs/api.md "Errors"), without the leading location (`body`, `query`, `path`). */
export interface InputIssue {
  loc: (string | number)[]
  msg: string
  type: string
}

// A NUL (PostgreSQL refuses it in text) or a UTF-16 surrogate without its partner (not encodable as UTF-8).
// eslint-disable-next-line no-control-regex -- finding the control character NUL is the point
const unsafeCharacters = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const hasUnsafeCharacter = (text: string) => text.search(unsafeCharacters) !== -1

export const unsafeTextMessage = 'Text may not contain NUL characters or unpaired surrogates'

/**
 * How many objects and arrays may sit inside one another in an input. The deepest contract (a recipe's ingredient's
 * food's extras) is under ten; past this, an input is hostile, and walking it could exhaust the stack.
 */
export const maximumInputDepth = 32

export const tooDeepMessage = `Input may not nest objects and arrays more than ${maximumInputDepth} deep`

/**
 * Every place in an input, keys included, where text holds a character no column can store, or the one place where
 * it nests deeper than `maximumInputDepth` (then nothing else: the rest is not worth reading). Checked on the raw
 * input, so fields parsed later (a queryFilter, a search) are covered as well as the schema's own string fields.
 * The walk keeps its own stack, so no nesting can overflow the call stack; what comes back is in document order.
 * Text read from files (migrations, recipe zips) goes through this same check; `storableText` cleans what Larder
 * itself writes from such text (report entries quoting it).
 */
export function unsafeInputIssues(value: unknown, path: (string | number)[] = []): InputIssue[] {
  const issues: InputIssue[] = []
  const pending: Array<{ value: unknown; path: (string | number)[]; depth: number; unsafeKey?: true }> = [
    { value, path, depth: 0 },
  ]
  while (pending.length > 0) {
    const current = pending.pop()!
    if (current.unsafeKey) {
      issues.push(unsafeTextAt(current.path))
      continue
    }
    if (typeof current.value === 'string') {
      if (hasUnsafeCharacter(current.value)) issues.push(unsafeTextAt(current.path))
      continue
    }
    if (typeof current.value !== 'object' || current.value === null) continue
    const depth = current.depth + 1
    if (depth > maximumInputDepth) return [{ loc: current.path, msg: tooDeepMessage, type: 'too_deep' }]
    const children: typeof pending = []
    if (Array.isArray(current.value)) {
      current.value.forEach((item: unknown, index) =>
        children.push({ value: item, path: [...current.path, index], depth }),
      )
    } else {
      for (const [key, item] of Object.entries(current.value)) {
        if (hasUnsafeCharacter(key))
          children.push({ value: item, path: [...current.path, key], depth, unsafeKey: true })
        else children.push({ value: item, path: [...current.path, key], depth })
      }
    }
    // Pushed last first, so the first child is read next: issues come out in document order.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!)
  }
  return issues
}

const unsafeTextAt = (loc: (string | number)[]): InputIssue => ({
  loc,
  msg: unsafeTextMessage,
  type: 'string_unsafe_character',
})

/**
 * Text Larder writes itself from what a file held (a report entry naming a recipe, an error quoting a line), made
 * storable: each character `unsafeInputIssues` refuses becomes U+FFFD, the replacement character.
 */
export const storableText = (text: string): string => text.replace(unsafeCharacters, '\uFFFD')
