import type { MultiPurposeLabel } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { LabelRepo } from './labels.repo.js'
import { labelListSpec } from './list-spec.js'
import { toLabel } from './service.js'

/** What another area does, in the same transaction, when a group gains labels (lists append them to their order). */
export type LabelsAddedListener = (tx: Executor, scope: Scope, labelIds: readonly string[]) => Promise<void>

/** The listeners of new labels: areas built after foods subscribe through the entry's `onLabelsAdded`. */
export function createLabelsAdded() {
  const listeners: LabelsAddedListener[] = []
  return {
    subscribe(listener: LabelsAddedListener): void {
      listeners.push(listener)
    },
    async announce(tx: Executor, scope: Scope, labelIds: readonly string[]): Promise<void> {
      if (labelIds.length === 0) return
      for (const listener of listeners) await listener(tx, scope, labelIds)
    },
  }
}
export type LabelsAdded = ReturnType<typeof createLabelsAdded>

/**
 * Multi-purpose labels (docs/mealie-compatibility.md "Foods, units and labels"): group-wide names with a colour, used by foods (and shopping lists once they
 * exist). Writes need canOrganize; names are unique per group by an index (409).
 */
export function createLabelService(deps: { db: Database; labels: LabelRepo; labelsAdded: LabelsAdded }) {
  const { db, labels, labelsAdded } = deps
  const missing = () => notFound('Label not found')

  return {
    /** The group's labels of `ids`, read through `ex` (another area's transaction). */
    async answersByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<MultiPurposeLabel[]> {
      return (await labels.findByIds(ex, scope, ids)).map(toLabel)
    },

    /** The group's label ids in name order. */
    idsInNameOrder(ex: Executor, scope: Scope): Promise<string[]> {
      return labels.idsInNameOrder(ex, scope)
    },

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
        await labelsAdded.announce(tx, scope, [row.id])
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
