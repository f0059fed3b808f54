import { describe, expect, it } from 'vitest'
import { makeItem, makeLabel, makeList, makeStore } from '@/test/shopping-fixtures'
import { groupByLabel, labelOrder, listAsText, reorderedPositions } from './shopping-order'

const produce = makeLabel('Produce')
const dairy = makeLabel('Dairy')
const bakery = makeLabel('Bakery')

const apples = makeItem({ note: 'apples', label: produce, position: 2 })
const pears = makeItem({ note: 'pears', label: produce, position: 1 })
const milk = makeItem({ note: 'milk', label: dairy, position: 0 })
const bread = makeItem({ note: 'bread', label: bakery, position: 3 })
const foil = makeItem({ note: 'foil', position: 4 })
const butter = makeItem({ note: 'butter', label: dairy, position: 5, checked: true })
const items = [apples, pears, milk, bread, foil, butter]

const settings = (ids: string[]) =>
  ids.map((labelId, position) => ({
    id: `00000000-0000-4000-8000-0000000d000${position}`,
    shoppingListId: makeList([]).id,
    labelId,
    position,
    label: [produce, dairy, bakery].find((label) => label.id === labelId)!,
  }))

const names = (groups: ReturnType<typeof groupByLabel>) =>
  groups.map((group) => [group.label?.name ?? null, group.items.map((item) => item.note)])

describe('grouping a list by label', () => {
  it("orders the labels as the list's label settings, no label first, lines by position, checked ones left out", () => {
    const list = makeList(items, { labelSettings: settings([dairy.id, bakery.id, produce.id]) })
    const groups = groupByLabel(list.listItems, labelOrder(list, null), (item) => !item.checked)
    expect(names(groups)).toEqual([
      [null, ['foil']],
      ['Dairy', ['milk']],
      ['Bakery', ['bread']],
      ['Produce', ['pears', 'apples']],
    ])
  })

  it("puts a store's aisles first, then the list's other labels in their order", () => {
    const list = makeList(items, { labelSettings: settings([dairy.id, bakery.id, produce.id]) })
    const store = makeStore('Corner shop', [produce.id])
    const groups = groupByLabel(list.listItems, labelOrder(list, store), (item) => !item.checked)
    expect(names(groups).map(([label]) => label)).toEqual([null, 'Produce', 'Dairy', 'Bakery'])
  })

  it('sorts labels that no order names by name, after those it names', () => {
    const list = makeList(items)
    const groups = groupByLabel(list.listItems, [produce.id], (item) => !item.checked)
    expect(names(groups).map(([label]) => label)).toEqual([null, 'Produce', 'Bakery', 'Dairy'])
  })
})

describe('copying a list', () => {
  const list = makeList([milk, bread, foil])
  const groups = groupByLabel(list.listItems, [dairy.id, bakery.id], () => true)

  it('copies plain lines as text', () => {
    expect(listAsText(groups, 'text', 'No label')).toBe('foil\nmilk\nbread')
  })

  it('copies a Markdown checklist under label headings', () => {
    expect(listAsText(groups, 'markdown', 'No label')).toBe(
      '## No label\n- [ ] foil\n\n## Dairy\n- [ ] milk\n\n## Bakery\n- [ ] bread',
    )
  })

  it('copies a checklist without headings when no line has a label', () => {
    const plain = groupByLabel([foil], [], () => true)
    expect(listAsText(plain, 'markdown', 'No label')).toBe('- [ ] foil')
  })
})

describe('reordering by drag', () => {
  it('numbers the lines in their new order and answers only those that moved', () => {
    const shown = [milk, pears, apples].map((item, position) => ({ ...item, position }))
    expect(reorderedPositions(shown, apples.id, milk.id)).toEqual([
      { id: apples.id, position: 0 },
      { id: milk.id, position: 1 },
      { id: pears.id, position: 2 },
    ])
    expect(reorderedPositions(shown, pears.id, pears.id)).toEqual([])
  })

  it('gives distinct positions to lines that shared one', () => {
    const shown = [milk, pears, apples].map((item) => ({ ...item, position: 0 }))
    const moved = reorderedPositions(shown, milk.id, apples.id)
    expect(moved.map((entry) => entry.position).sort()).toEqual([1, 2])
  })
})
