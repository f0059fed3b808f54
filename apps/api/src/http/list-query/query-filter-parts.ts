import type { QueryFilterPart } from '@larder/contracts'
import { toSnakeCase } from './list-spec.js'
import type { FilterCondition, FilterNode } from './query-filter-parser.js'

const relationalOperator = {
  in: 'IN',
  'not in': 'NOT IN',
  'contains all': 'CONTAINS ALL',
} as const

function conditionPart(condition: FilterCondition): QueryFilterPart {
  const attributeName = condition.attribute.split('.').map(toSnakeCase).join('.')
  const part = { leftParenthesis: null, rightParenthesis: null, logicalOperator: null, attributeName }
  switch (condition.kind) {
    case 'compare':
      return { ...part, relationalOperator: condition.operator, value: condition.value }
    case 'null':
      return { ...part, relationalOperator: condition.negated ? 'IS NOT' : 'IS', value: null }
    case 'like':
      return { ...part, relationalOperator: condition.negated ? 'NOT LIKE' : 'LIKE', value: condition.pattern }
    case 'list':
      return { ...part, relationalOperator: relationalOperator[condition.operator], value: condition.values }
  }
}

/**
 * A parsed queryFilter as Mealie's flat list of parts (docs/mealie-compatibility.md "Cookbook, timeline, comment and share-token models"), which its filter builder reads: each
 * condition with the operator joining it to the one before and the parentheses opening before or closing after it.
 * A group is written in parentheses where its operator differs from the one joining it, so the parts read back as the
 * same tree (`a AND (b OR c)`); a run of one operator needs none.
 */
export function queryFilterParts(tree: FilterNode): QueryFilterPart[] {
  const parts: QueryFilterPart[] = []
  const opens: number[] = []
  const closes: number[] = []

  const visit = (
    node: FilterNode,
    joinedBy: 'AND' | 'OR' | null,
    parent: { kind: 'and' | 'or'; side: 'left' | 'right' } | null,
  ) => {
    if (node.kind !== 'and' && node.kind !== 'or') {
      parts.push({ ...conditionPart(node), logicalOperator: joinedBy })
      opens.push(0)
      closes.push(0)
      return
    }
    const first = parts.length
    visit(node.left, joinedBy, { kind: node.kind, side: 'left' })
    visit(node.right, node.kind === 'and' ? 'AND' : 'OR', { kind: node.kind, side: 'right' })
    // Operators combine right to left, so a group on the left needs parentheses even under its own operator.
    if (parent !== null && (parent.side === 'left' || parent.kind !== node.kind)) {
      opens[first] = (opens[first] ?? 0) + 1
      closes[parts.length - 1] = (closes[parts.length - 1] ?? 0) + 1
    }
  }
  visit(tree, null, null)
  return parts.map((part, index) => ({
    ...part,
    leftParenthesis: opens[index] ? '('.repeat(opens[index]) : null,
    rightParenthesis: closes[index] ? ')'.repeat(closes[index]) : null,
  }))
}
