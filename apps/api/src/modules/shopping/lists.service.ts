import type {
  ShoppingListChanges,
  ShoppingListCreateParsed,
  ShoppingListMultiPurposeLabelUpdate,
  ShoppingListOut,
  ShoppingListSummary,
  ShoppingListUpdateParsed,
} from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { badRequest, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { LabelService } from '../foods/index.js'
import type { ShoppingAnswers } from './answers.js'
import type { Issue } from './catalogue.js'
import { listMissing } from './list-lock.js'
import { isHouseholdMember, shoppingItemRepo as items, shoppingListRepo as lists } from './repo.js'

/**
 * A household's shopping lists themselves: create, rename, hand to another member, delete; their label order; and
 * the changes of their lines since a version (what an open client fetches to catch up).
 */
export function createListService(deps: { db: Database; answers: ShoppingAnswers; labels: LabelService }) {
  const { db, labels } = deps
  const { describeItems, describeLists, describeList } = deps.answers

  return {
    pageLists(scope: Scope, query: ListQuery, path: string): Promise<Page<ShoppingListSummary>> {
      return lists.page(db, scope, query, {
        path,
        select: async (ids) => describeLists(db, scope, await lists.findByIds(db, scope, ids.map(String))),
      })
    },

    getList(scope: Scope, id: string): Promise<ShoppingListOut> {
      return describeList(db, scope, id)
    },

    createList(scope: Scope, input: ShoppingListCreateParsed): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const row = await lists.insert(tx, scope, {
          ...(input.id ? { id: input.id } : {}),
          name: input.name ?? null,
          extras: input.extras,
          ...(input.createdAt ? { createdAt: new Date(input.createdAt) } : {}),
        })
        if (!row) {
          throw new ValidationFailure([{ loc: ['body', 'id'], msg: 'A list with this id exists', type: 'value_error' }])
        }
        await lists.insertLabelSettings(tx, row.id, await labels.idsInNameOrder(tx, scope))
        const answer = await describeList(tx, scope, row.id)
        await publish(tx, scope, { type: 'shopping-list.created', document: { shoppingListId: row.id } })
        return answer
      })
    },

    updateList(scope: Scope, id: string, input: ShoppingListUpdateParsed): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const row = await lists.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw listMissing()
        if (input.userId !== row.userId && !(await isHouseholdMember(tx, scope, input.userId))) {
          throw new ValidationFailure([
            { loc: ['body', 'userId'], msg: 'The owner must be a member of the household', type: 'value_error' },
          ])
        }
        await lists.update(tx, scope, id, { name: input.name ?? null, extras: input.extras, userId: input.userId })
        await lists.nextVersion(tx, id)
        const answer = await describeList(tx, scope, id)
        await publish(tx, scope, { type: 'shopping-list.updated', document: { shoppingListId: id } })
        return answer
      })
    },

    deleteList(scope: Scope, id: string): Promise<ShoppingListOut> {
      return inTransaction(db, async (tx) => {
        const row = await lists.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw listMissing()
        const answer = await describeList(tx, scope, id)
        await lists.delete(tx, scope, id)
        await publish(tx, scope, { type: 'shopping-list.deleted', document: { shoppingListId: id } })
        return answer
      })
    },

    async changes(scope: Scope, id: string, since: number): Promise<ShoppingListChanges> {
      // The version is read before the lines: a line written meanwhile comes again next time, none is missed.
      const list = await lists.findById(db, scope, id)
      if (!list) throw listMissing()
      const rows = await items.changedSince(db, id, since)
      // Read again after the lines: tombstones pruned while they were read are then known to be missing.
      const prunedThrough = (await lists.findById(db, scope, id))?.tombstonesPrunedThrough ?? Infinity
      if (since < prunedThrough) {
        // A deletion the client has not seen may be forgotten: the whole list instead, to replace what it holds.
        return {
          shoppingListId: id,
          version: list.version,
          reset: true,
          items: await describeItems(db, scope, await items.liveOfLists(db, [id])),
          deletedItemIds: [],
        }
      }
      return {
        shoppingListId: id,
        version: list.version,
        reset: false,
        items: await describeItems(
          db,
          scope,
          rows.filter((row) => !row.deleted),
        ),
        deletedItemIds: rows.filter((row) => row.deleted).map((row) => row.id),
      }
    },

    setLabelSettings(
      scope: Scope,
      id: string,
      settings: readonly ShoppingListMultiPurposeLabelUpdate[],
    ): Promise<ShoppingListOut> {
      for (const setting of settings) {
        if (setting.shoppingListId !== id) throw badRequest(`object ${setting.id} has an invalid shopping list id`)
      }
      return inTransaction(db, async (tx) => {
        const row = await lists.findById(tx, scope, id, { forUpdate: true })
        if (!row) throw listMissing()
        const known = new Set((await lists.labelSettingsOf(tx, [id])).map((setting) => setting.id))
        const issues = settings.flatMap((setting, index): Issue[] =>
          known.has(setting.id)
            ? []
            : [{ loc: ['body', index, 'id'], msg: 'No such label setting on this list', type: 'value_error' }],
        )
        if (issues.length > 0) throw new ValidationFailure(issues)
        await lists.setLabelPositions(tx, id, settings)
        await lists.nextVersion(tx, id)
        const answer = await describeList(tx, scope, id)
        await publish(tx, scope, { type: 'shopping-list.updated', document: { shoppingListId: id } })
        return answer
      })
    },

    /** New labels of the group go to the end of every list's label order (in the labels' transaction). */
    appendLabels(tx: Executor, scope: Scope, labelIds: readonly string[]): Promise<void> {
      return lists.appendLabelsToGroupLists(tx, scope.groupId, labelIds)
    },
  }
}

export type ListService = ReturnType<typeof createListService>
