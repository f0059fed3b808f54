// Shopping lists as the API answers them, for the shopping screens' tests.
import type {
  MultiPurposeLabel,
  ShoppingListItemOut,
  ShoppingListOut,
  ShoppingListSummary,
  ShoppingStoreOut,
} from '@larder/contracts'
import { fixtureId } from './recipe-fixtures'

export const shoppingIds = {
  user: '00000000-0000-4000-8000-000000000000',
  household: '00000000-0000-4000-8000-0000000000b1',
  group: '00000000-0000-4000-8000-0000000000a1',
  list: '00000000-0000-4000-8000-00000000c001',
}

export function makeLabel(name: string, color = '#2e7d32'): MultiPurposeLabel {
  return { id: fixtureId(), name, color, groupId: shoppingIds.group }
}

export function makeItem(overrides: Partial<ShoppingListItemOut> = {}): ShoppingListItemOut {
  return {
    id: fixtureId(),
    shoppingListId: shoppingIds.list,
    groupId: shoppingIds.group,
    householdId: shoppingIds.household,
    checked: false,
    position: 0,
    isFood: false,
    disableAmount: false,
    note: '',
    quantity: 1,
    foodId: null,
    labelId: overrides.label?.id ?? null,
    unitId: null,
    food: null,
    label: null,
    unit: null,
    display: overrides.note ?? '',
    extras: {},
    recipeReferences: [],
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
    version: 1,
    ...overrides,
  }
}

export function makeList(items: ShoppingListItemOut[], overrides: Partial<ShoppingListOut> = {}): ShoppingListOut {
  return {
    id: shoppingIds.list,
    name: 'Weekly shop',
    extras: {},
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
    groupId: shoppingIds.group,
    userId: shoppingIds.user,
    householdId: shoppingIds.household,
    recipeReferences: [],
    labelSettings: [],
    version: 1,
    listItems: items,
    ...overrides,
  }
}

export function summaryOf(list: ShoppingListOut): ShoppingListSummary {
  const { listItems: _items, ...summary } = list
  return summary
}

export function makeStore(name: string, labelOrder: string[]): ShoppingStoreOut {
  return {
    id: fixtureId(),
    name,
    groupId: shoppingIds.group,
    householdId: shoppingIds.household,
    labelOrder,
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
  }
}

/** A paginated answer of these items. */
export function page<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}
