import {
  type ComparisonOperator,
  invalidQuery,
  requireBalancedParentheses,
  type Token,
  tokenize,
} from './query-filter-tokenizer.js'

export type { ComparisonOperator } from './query-filter-tokenizer.js'

/** One condition of a queryFilter (docs/mealie-compatibility.md "Query filters"); `attribute` is the path as written (camelCase or snake_case). */
export type FilterCondition =
  | { kind: 'compare'; attribute: string; operator: ComparisonOperator; value: string }
  | { kind: 'null'; attribute: string; negated: boolean }
  | { kind: 'list'; attribute: string; operator: 'in' | 'not in' | 'contains all'; values: string[] }
  | { kind: 'like'; attribute: string; negated: boolean; pattern: string }

export type FilterNode =
  | FilterCondition
  | { kind: 'and'; left: FilterNode; right: FilterNode }
  | { kind: 'or'; left: FilterNode; right: FilterNode }

const nullWords = new Set(['NULL', 'NONE'])

/** Turns a queryFilter string into a tree; pure, knows nothing of any schema. Throws 400 on bad syntax. */
export function parseQueryFilter(input: string): FilterNode {
  const tokens = tokenize(input)
  requireBalancedParentheses(tokens)
  if (tokens.length === 0) throw invalidQuery('the filter is empty')
  const parser = new Parser(tokens)
  const tree = parser.expression()
  parser.requireEnd()
  return tree
}

class Parser {
  private index = 0

  constructor(private readonly tokens: readonly Token[]) {}

  /** Conditions joined by AND/OR, combined right-to-left without precedence: `a AND b OR c` = `a AND (b OR c)`. */
  expression(): FilterNode {
    const terms = [this.term()]
    const joins: Array<'and' | 'or'> = []
    for (;;) {
      const join = this.keyword('AND') ? 'and' : this.keyword('OR') ? 'or' : undefined
      if (!join) break
      this.index += 1
      joins.push(join)
      terms.push(this.term())
    }
    let tree = terms[terms.length - 1]!
    for (let position = joins.length - 1; position >= 0; position -= 1) {
      tree = { kind: joins[position]!, left: terms[position]!, right: tree }
    }
    return tree
  }

  requireEnd(): void {
    const token = this.tokens[this.index]
    if (token) throw invalidQuery(`expected AND or OR at character ${token.position}`)
  }

  private term(): FilterNode {
    if (this.tokens[this.index]?.kind === 'open') {
      this.index += 1
      const inner = this.expression()
      const close = this.tokens[this.index]
      if (close?.kind !== 'close') throw invalidQuery(`expected ")" at ${describePosition(close)}`)
      this.index += 1
      return inner
    }
    return this.condition()
  }

  private condition(): FilterCondition {
    const head = this.tokens[this.index]
    if (head?.kind !== 'word') throw invalidQuery(`expected an attribute name at ${describePosition(head)}`)
    this.index += 1
    const attribute = head.text
    const next = this.tokens[this.index]
    if (next?.kind === 'operator') {
      this.index += 1
      return { kind: 'compare', attribute, operator: next.operator, value: this.value(attribute) }
    }
    if (this.keyword('IS')) {
      this.index += 1
      const negated = this.keyword('NOT')
      if (negated) this.index += 1
      const target = this.tokens[this.index]
      if (target?.kind !== 'word' || !nullWords.has(target.text.toUpperCase())) {
        throw invalidQuery(`"IS" and "IS NOT" can only be followed by NULL or NONE (after '${attribute}')`)
      }
      this.index += 1
      return { kind: 'null', attribute, negated }
    }
    if (this.keyword('IN')) {
      this.index += 1
      return { kind: 'list', attribute, operator: 'in', values: this.list('IN', attribute) }
    }
    if (this.keyword('LIKE')) {
      this.index += 1
      return { kind: 'like', attribute, negated: false, pattern: this.value(attribute) }
    }
    if (this.keyword('NOT')) {
      this.index += 1
      if (this.keyword('IN')) {
        this.index += 1
        return { kind: 'list', attribute, operator: 'not in', values: this.list('NOT IN', attribute) }
      }
      if (this.keyword('LIKE')) {
        this.index += 1
        return { kind: 'like', attribute, negated: true, pattern: this.value(attribute) }
      }
      throw invalidQuery(`expected IN or LIKE after "NOT" at ${describePosition(this.tokens[this.index])}`)
    }
    if (this.keyword('CONTAINS')) {
      this.index += 1
      if (!this.keyword('ALL')) {
        throw invalidQuery(`expected ALL after "CONTAINS" at ${describePosition(this.tokens[this.index])}`)
      }
      this.index += 1
      return { kind: 'list', attribute, operator: 'contains all', values: this.list('CONTAINS ALL', attribute) }
    }
    throw invalidQuery(`expected an operator after '${attribute}' at ${describePosition(next)}`)
  }

  private value(attribute: string): string {
    const token = this.tokens[this.index]
    if (token?.kind !== 'word' && token?.kind !== 'quoted') {
      throw invalidQuery(`expected a value for '${attribute}' at ${describePosition(token)}`)
    }
    this.index += 1
    return token.text
  }

  private list(operator: string, attribute: string): string[] {
    const token = this.tokens[this.index]
    if (token?.kind !== 'list') {
      throw invalidQuery(
        `"${operator}" must be followed by a list of values in brackets, like [a, b] (after '${attribute}')`,
      )
    }
    this.index += 1
    return token.values
  }

  /** Keywords are case-insensitive and only ever bare words, so a quoted "and" stays a value. */
  private keyword(word: string): boolean {
    const token = this.tokens[this.index]
    return token?.kind === 'word' && token.text.toUpperCase() === word
  }
}

function describePosition(token: Token | undefined): string {
  return token ? `character ${token.position}` : 'the end of the filter'
}
