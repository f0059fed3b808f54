import type { MultiPurposeLabel, ShoppingListItemOut, ShoppingListOut, ShoppingStoreOut } from '@larder/contracts'
import { ingredientDisplay } from '@larder/kitchen'

/** One heading of the list: a label (null: items without one) and its items in their list order. */
export interface LabelGroup {
  label: MultiPurposeLabel | null
  items: ShoppingListItemOut[]
}

const byPosition = (a: ShoppingListItemOut, b: ShoppingListItemOut) => a.position - b.position

/**
 * The label order the list is shown in: the chosen store's aisles first (in its order), then the list's own label
 * settings for the labels the store does not name, then any other label by name.
 */
export function labelOrder(list: ShoppingListOut, store: ShoppingStoreOut | null): string[] {
  const order: string[] = []
  const seen = new Set<string>()
  const add = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    order.push(id)
  }
  for (const id of store?.labelOrder ?? []) add(id)
  for (const setting of [...list.labelSettings].sort((a, b) => a.position - b.position)) add(setting.labelId)
  return order
}

/**
 * The items grouped under their labels in `order` ("No label" first, as Mealie shows it); labels missing from the
 * order follow by name. `shown` picks the items (unchecked ones, plus those just checked that stay in place).
 */
export function groupByLabel(
  items: readonly ShoppingListItemOut[],
  order: readonly string[],
  shown: (item: ShoppingListItemOut) => boolean,
): LabelGroup[] {
  const groups = new Map<string, LabelGroup>()
  const unlabelled: LabelGroup = { label: null, items: [] }
  for (const item of items) {
    if (!shown(item)) continue
    if (!item.labelId || !item.label) {
      unlabelled.items.push(item)
      continue
    }
    let group = groups.get(item.labelId)
    if (!group) {
      group = { label: item.label, items: [] }
      groups.set(item.labelId, group)
    }
    group.items.push(item)
  }
  const rank = new Map(order.map((id, index) => [id, index]))
  const labelled = [...groups.entries()]
    .sort(([idA, a], [idB, b]) => {
      const rankA = rank.get(idA) ?? Number.MAX_SAFE_INTEGER
      const rankB = rank.get(idB) ?? Number.MAX_SAFE_INTEGER
      return rankA - rankB || (a.label?.name ?? '').localeCompare(b.label?.name ?? '')
    })
    .map(([, group]) => group)
  const all = unlabelled.items.length > 0 ? [unlabelled, ...labelled] : labelled
  for (const group of all) group.items.sort(byPosition)
  return all
}

/** The checked items, most recently changed first (Mealie's "N items checked" section). */
export function checkedItems(items: readonly ShoppingListItemOut[]): ShoppingListItemOut[] {
  return items.filter((item) => item.checked).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
}

/** What a line says: the server's `display`, or (for a line not yet answered) one written the same way. */
export function itemText(item: ShoppingListItemOut): string {
  if (item.display) return item.display
  return ingredientDisplay({
    quantity: item.quantity || null,
    unit: item.unit,
    food: item.food,
    note: item.note,
    isFood: item.isFood,
    disableAmount: item.disableAmount,
  })
}

export type CopyFormat = 'text' | 'markdown'

/** The unchecked items as the clipboard gets them: plain lines, or a Markdown checklist under label headings. */
export function listAsText(groups: readonly LabelGroup[], format: CopyFormat, noLabel: string): string {
  if (format === 'text') return groups.flatMap((group) => group.items.map(itemText)).join('\n')
  const labelled = groups.some((group) => group.label !== null)
  return groups
    .map((group) => {
      const lines = group.items.map((item) => `- [ ] ${itemText(item)}`)
      return labelled ? [`## ${group.label?.name ?? noLabel}`, ...lines].join('\n') : lines.join('\n')
    })
    .join('\n\n')
}

/** The unchecked items count of a list summary's items (cards show it). */
export function uncheckedCount(items: readonly Pick<ShoppingListItemOut, 'checked'>[]): number {
  return items.reduce((count, item) => count + (item.checked ? 0 : 1), 0)
}

/**
 * Positions after a drag: `moved` goes where `over` was within `ordered` (every line of the list as shown), and the
 * lines are numbered 0…n-1 in that order; answers the lines whose position changes.
 */
export function reorderedPositions(
  ordered: readonly ShoppingListItemOut[],
  movedId: string,
  overId: string,
): { id: string; position: number }[] {
  const from = ordered.findIndex((item) => item.id === movedId)
  const to = ordered.findIndex((item) => item.id === overId)
  if (from < 0 || to < 0 || from === to) return []
  const next = [...ordered]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next.flatMap((item, index) => (item.position === index ? [] : [{ id: item.id, position: index }]))
}
