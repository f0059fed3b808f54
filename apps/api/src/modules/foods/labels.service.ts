import type { MultiPurposeLabel } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { LabelRepo } from './labels.repo.js'
import { labelListSpec } from './list-spec.js'
import { toLabel } from './service.js'

/**
 * Multi-purpose labels (reference §2.9): group-wide names with a colour, used by foods (and shopping lists once they
 * exist). Writes need canOrganize; names are unique per group by an index (409).
 */
export function createLabelService(deps: { db: Database; labels: LabelRepo }) {
  const { db, labels } = deps
  const missing = () => notFound('Label not found')

  return {
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<MultiPurposeLabel>> {
      return labels.page(db, scope, labelListSpec, query, {
        path,
        select: async (ids) => (await labels.findByIds(db, scope, ids.map(String))).map(toLabel),
      })
    },

    async get(scope: Scope, id: string): Promise<MultiPurposeLabel> {
      const row = await labels.findById(db, scope, id)
      if (!row) throw missing()
      return toLabel(row)
    },

    async create(scope: Scope, values: { name: string; color: string }): Promise<MultiPurposeLabel> {
      return inTransaction(db, async (tx) => {
        const row = await labels.insert(tx, scope, values)
        await publish(tx, scope, { type: 'label.created', document: { labelId: row.id } })
        return toLabel(row)
      })
    },

    /** The body's `id` and `groupId` (Mealie requires them) never move a label: the path and the caller decide. */
    async replace(scope: Scope, id: string, values: { name: string; color: string }): Promise<MultiPurposeLabel> {
      return inTransaction(db, async (tx) => {
        const row = await labels.update(tx, scope, id, values)
        if (!row) throw missing()
        await publish(tx, scope, { type: 'label.updated', document: { labelId: row.id } })
        return toLabel(row)
      })
    },

    async remove(scope: Scope, id: string): Promise<MultiPurposeLabel> {
      return inTransaction(db, async (tx) => {
        const row = await labels.remove(tx, scope, id)
        if (!row) throw missing()
        await publish(tx, scope, { type: 'label.deleted', document: { labelId: row.id } })
        return toLabel(row)
      })
    },
  }
}

export type LabelService = ReturnType<typeof createLabelService>
