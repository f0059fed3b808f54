import type { BodyOf, createUnit, IngredientUnit, SuccessResponse } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { badRequest, notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { unitListSpec } from './list-spec.js'
import type { UnitRepo, UnitRow, UnitValues } from './units.repo.js'

export type UnitInput = BodyOf<typeof createUnit>

function valuesOf(input: UnitInput): UnitValues {
  return {
    name: input.name,
    pluralName: input.pluralName || null,
    description: input.description,
    extras: input.extras,
    fraction: input.fraction,
    abbreviation: input.abbreviation,
    pluralAbbreviation: input.pluralAbbreviation,
    useAbbreviation: input.useAbbreviation,
  }
}

/** Units (docs/mealie-compatibility.md "Foods, units and labels"): group-wide, with aliases. Writes need canOrganize; names are unique per group. */
export function createUnitService(deps: { db: Database; units: UnitRepo }) {
  const { db, units } = deps
  const missing = () => notFound('Unit not found')
  const announce = (
    tx: Executor,
    scope: Scope,
    change: 'created' | 'updated' | 'deleted',
    unitId: string,
    mergedIntoId?: string,
  ) => publish(tx, scope, { type: `unit.${change}`, document: mergedIntoId ? { unitId, mergedIntoId } : { unitId } })

  async function answersFor(ex: Executor, rows: readonly UnitRow[]): Promise<IngredientUnit[]> {
    const aliases = await units.aliasesOf(
      ex,
      rows.map((row) => row.id),
    )
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      pluralName: row.pluralName,
      description: row.description,
      extras: row.extras,
      fraction: row.fraction,
      abbreviation: row.abbreviation,
      pluralAbbreviation: row.pluralAbbreviation,
      useAbbreviation: row.useAbbreviation,
      aliases: (aliases.get(row.id) ?? []).map((name) => ({ name })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }))
  }

  async function withAliases(ex: Executor, row: UnitRow, input: UnitInput): Promise<IngredientUnit> {
    await units.replaceAliases(ex, row.id, [...new Set(input.aliases.map((alias) => alias.name))])
    return (await answersFor(ex, [row]))[0]!
  }

  return {
    /** The group's units of `ids` as answers, read through `ex` (another area's transaction). */
    async answersByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<IngredientUnit[]> {
      return answersFor(ex, await units.findByIds(ex, scope, ids))
    },

    page(scope: Scope, query: ListQuery, path: string): Promise<Page<IngredientUnit>> {
      return units.page(db, scope, unitListSpec, query, {
        path,
        select: async (ids) => answersFor(db, await units.findByIds(db, scope, ids.map(String))),
      })
    },

    async get(scope: Scope, id: string): Promise<IngredientUnit> {
      const row = await units.findById(db, scope, id)
      if (!row) throw missing()
      return (await answersFor(db, [row]))[0]!
    },

    create(scope: Scope, input: UnitInput): Promise<IngredientUnit> {
      return inTransaction(db, async (tx) => {
        const row = await units.insert(tx, scope, valuesOf(input))
        await announce(tx, scope, 'created', row.id)
        return withAliases(tx, row, input)
      })
    },

    /** A full replace (Mealie's PUT): omitted fields return to their defaults, the aliases are the body's. */
    replace(scope: Scope, id: string, input: UnitInput): Promise<IngredientUnit> {
      return inTransaction(db, async (tx) => {
        const row = await units.update(tx, scope, id, valuesOf(input))
        if (!row) throw missing()
        const answer = await withAliases(tx, row, input)
        await announce(tx, scope, 'updated', row.id)
        return answer
      })
    },

    remove(scope: Scope, id: string): Promise<IngredientUnit> {
      return inTransaction(db, async (tx) => {
        const row = await units.findById(tx, scope, id, 'update')
        if (!row) throw missing()
        const [answer] = await answersFor(tx, [row])
        await units.remove(tx, scope, id)
        await announce(tx, scope, 'deleted', id)
        return answer!
      })
    },

    /** Every ingredient of the group's recipes that used `fromId` uses `toId`; then `fromId` is deleted. */
    async merge(scope: Scope, fromId: string, toId: string): Promise<SuccessResponse> {
      if (fromId === toId) throw badRequest('A unit cannot be merged into itself')
      await inTransaction(db, async (tx) => {
        // Locked in id order, so two merges of the same pair in opposite directions wait rather than deadlock.
        const [first, second] = [fromId, toId].sort()
        const rows = [
          await units.findById(tx, scope, first!, 'update'),
          await units.findById(tx, scope, second!, 'update'),
        ]
        if (rows.some((row) => !row)) throw missing()
        await units.repointIngredients(tx, scope, fromId, toId)
        await units.remove(tx, scope, fromId)
        await announce(tx, scope, 'deleted', fromId, toId)
      })
      return { message: 'Successfully merged units', error: false }
    },
  }
}

export type UnitService = ReturnType<typeof createUnitService>
