import type { ShoppingStoreInputParsed, ShoppingStoreOut } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { notFound, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { LabelService } from '../foods/index.js'
import { shoppingStoreRepo as stores, type StoreRow } from './repo.js'

const missing = () => notFound('Store not found')

const toStoreOut = (row: StoreRow): ShoppingStoreOut => ({
  id: row.id,
  name: row.name,
  groupId: row.groupId,
  householdId: row.householdId,
  labelOrder: row.labelOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/**
 * A household's stores, each with the order its aisles (the group's labels) come in; the screen switches between
 * them. Names are unique per household (409).
 */
export function createStoreService(deps: { db: Database; labels: LabelService }) {
  const { db, labels } = deps

  /** The label order, each label once and every one of the group's; 422 at the first stranger. */
  async function orderOf(ex: Executor, scope: Scope, input: ShoppingStoreInputParsed): Promise<string[]> {
    const order = [...new Set(input.labelOrder)]
    const known = new Set((await labels.answersByIds(ex, scope, order)).map((label) => label.id))
    const issues = input.labelOrder.flatMap((id, index) =>
      known.has(id)
        ? []
        : [{ loc: ['body', 'labelOrder', index], msg: 'No such label in this group', type: 'value_error' }],
    )
    if (issues.length > 0) throw new ValidationFailure(issues)
    return order
  }

  return {
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<ShoppingStoreOut>> {
      return stores.page(db, scope, query, {
        path,
        select: async (ids) => (await stores.findByIds(db, scope, ids.map(String))).map(toStoreOut),
      })
    },

    async get(scope: Scope, id: string): Promise<ShoppingStoreOut> {
      const [row] = await stores.findByIds(db, scope, [id])
      if (!row) throw missing()
      return toStoreOut(row)
    },

    create(scope: Scope, input: ShoppingStoreInputParsed): Promise<ShoppingStoreOut> {
      return inTransaction(db, async (tx) => {
        const row = await stores.insert(tx, scope, { name: input.name, labelOrder: await orderOf(tx, scope, input) })
        return toStoreOut(row)
      })
    },

    update(scope: Scope, id: string, input: ShoppingStoreInputParsed): Promise<ShoppingStoreOut> {
      return inTransaction(db, async (tx) => {
        const labelOrder = await orderOf(tx, scope, input)
        const row = await stores.update(tx, scope, id, { name: input.name, labelOrder })
        if (!row) throw missing()
        return toStoreOut(row)
      })
    },

    async delete(scope: Scope, id: string): Promise<ShoppingStoreOut> {
      const row = await stores.delete(db, scope, id)
      if (!row) throw missing()
      return toStoreOut(row)
    },
  }
}

export type StoreService = ReturnType<typeof createStoreService>
