import { badRequest } from '../errors.js'

export type ComparisonOperator = '=' | '<>' | '>' | '<' | '>=' | '<='

/** One lexical unit of a queryFilter; `position` is the 1-based character where it starts, for error messages. */
export type Token =
  | { kind: 'open' | 'close'; position: number }
  | { kind: 'operator'; operator: ComparisonOperator; position: number }
  /** An unquoted run of characters: an attribute, a keyword or a value; which one is decided by the parser. */
  | { kind: 'word'; text: string; position: number }
  /** A double-quoted value, quotes stripped (docs/mealie-compatibility.md "Query filters": `""` stays the two-character string). */
  | { kind: 'quoted'; text: string; position: number }
  | { kind: 'list'; values: string[]; position: number }

/** Characters that end a bare word: symbolic operators and brackets need no surrounding whitespace. */
const wordBreakers = new Set(['(', ')', '[', ']', '"', '<', '>', '='])
const twoCharacterOperators = new Set(['>=', '<=', '<>'])

export const invalidQuery = (reason: string) => badRequest(`invalid query string: ${reason}`)

/** Strips enclosing quotes only when something is between them, as Mealie does. */
function unquote(text: string): string {
  return text.length > 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text
}

/** `[a, "b, c", d]` → each element trimmed and optionally quoted; commas inside quotes are literal. */
function splitList(body: string): string[] {
  if (body.trim() === '') return []
  const elements: string[] = []
  let current = ''
  let quoted = false
  for (const character of body) {
    if (character === '"') quoted = !quoted
    if (character === ',' && !quoted) {
      elements.push(current)
      current = ''
    } else {
      current += character
    }
  }
  elements.push(current)
  return elements.map((element) => unquote(element.trim()))
}

/** Index of the `]` closing the list opened at `start`, skipping brackets inside quotes; -1 when there is none. */
function findListEnd(input: string, start: number): number {
  let quoted = false
  for (let index = start + 1; index < input.length; index += 1) {
    const character = input[index]
    if (character === '"') quoted = !quoted
    else if (character === ']' && !quoted) return index
  }
  return -1
}

export function tokenize(input: string): Token[] {
  const tokens: Token[] = []
  let index = 0
  while (index < input.length) {
    const character = input[index]!
    const position = index + 1
    if (/\s/.test(character)) {
      index += 1
    } else if (character === '(' || character === ')') {
      tokens.push({ kind: character === '(' ? 'open' : 'close', position })
      index += 1
    } else if (character === '"') {
      const end = input.indexOf('"', index + 1)
      if (end === -1) throw invalidQuery(`unterminated quote at character ${position}`)
      tokens.push({ kind: 'quoted', text: unquote(input.slice(index, end + 1)), position })
      index = end + 1
    } else if (character === '[') {
      const end = findListEnd(input, index)
      if (end === -1) throw invalidQuery(`unterminated list at character ${position}`)
      tokens.push({ kind: 'list', values: splitList(input.slice(index + 1, end)), position })
      index = end + 1
    } else if (character === ']') {
      throw invalidQuery(`unexpected "]" at character ${position}`)
    } else if (character === '<' || character === '>' || character === '=') {
      const pair = input.slice(index, index + 2)
      const operator = (twoCharacterOperators.has(pair) ? pair : character) as ComparisonOperator
      tokens.push({ kind: 'operator', operator, position })
      index += operator.length
    } else {
      let end = index
      while (end < input.length && !/\s/.test(input[end]!) && !wordBreakers.has(input[end]!)) end += 1
      tokens.push({ kind: 'word', text: input.slice(index, end), position })
      index = end
    }
  }
  return tokens
}

/** Checked before parsing so that Mealie's message wins over any other syntax error. */
export function requireBalancedParentheses(tokens: readonly Token[]): void {
  let depth = 0
  for (const token of tokens) {
    if (token.kind === 'open') depth += 1
    if (token.kind === 'close') depth -= 1
    if (depth < 0) break
  }
  if (depth !== 0) throw invalidQuery('parenthesis are unbalanced')
}
