import type { CreateTool, RecipeSummary, RecipeTool } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { slugify } from '../../lib/slugs.js'
import { toolListSpec } from './list-spec.js'
import { applyOnHandChange, onHandAnswer } from './on-hand.js'
import type { OnHandRepo } from './on-hand.repo.js'
import type { OrganizerRepo, OrganizerRow } from './repo.js'
import type { RecipeSummaryReader } from './service.js'

/**
 * Tools (docs/mealie-compatibility.md "Organizers"): organizers that a household may have on hand. Each answer says whether the caller's
 * household has the tool (`onHand`) and which of the group's households do (`householdsWithTool`, slugs).
 */
export function createToolService(deps: {
  db: Database
  tools: OrganizerRepo
  onHand: OnHandRepo
  recipeSummaries: RecipeSummaryReader
}) {
  const { db, tools, onHand, recipeSummaries } = deps
  const missing = () => notFound('Tool not found')
  const announce = (tx: Executor, scope: Scope, change: 'created' | 'updated' | 'deleted', row: OrganizerRow) =>
    publish(tx, scope, { type: `tool.${change}`, document: { toolId: row.id, toolSlug: row.slug } })

  async function answersFor(ex: Executor, scope: Scope, rows: readonly OrganizerRow[]): Promise<RecipeTool[]> {
    const holders = await onHand.householdsOf(
      ex,
      scope,
      rows.map((row) => row.id),
    )
    return rows.map((row) => {
      const { onHand: held, slugs } = onHandAnswer(holders.get(row.id), scope)
      return { id: row.id, name: row.name, slug: row.slug, onHand: held, householdsWithTool: slugs }
    })
  }

  async function answerFor(ex: Executor, scope: Scope, row: OrganizerRow): Promise<RecipeTool> {
    return (await answersFor(ex, scope, [row]))[0]!
  }

  return {
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<RecipeTool>> {
      return tools.page(db, scope, toolListSpec(scope), query, {
        path,
        select: async (ids) => answersFor(db, scope, await tools.findByIds(db, scope, ids.map(String))),
      })
    },

    create(scope: Scope, input: CreateTool & { name: string }): Promise<RecipeTool> {
      return inTransaction(db, async (tx) => {
        const row = await tools.insert(tx, scope, { name: input.name, slug: slugify(input.name) })
        await applyOnHandChange(tx, onHand, scope, row.id, {
          onHand: input.onHand,
          householdSlugs: input.householdsWithTool,
        })
        await announce(tx, scope, 'created', row)
        return answerFor(tx, scope, row)
      })
    },

    async get(scope: Scope, id: string): Promise<RecipeTool> {
      const row = await tools.findById(db, scope, id)
      if (!row) throw missing()
      return answerFor(db, scope, row)
    },

    async getBySlug(scope: Scope, slug: string): Promise<RecipeTool & { recipes: RecipeSummary[] }> {
      const row = await tools.findBySlug(db, scope, slug)
      if (!row) throw missing()
      const recipeIds = await tools.recipeIdsOf(db, scope, row.id)
      return { ...(await answerFor(db, scope, row)), recipes: await recipeSummaries(db, scope, recipeIds) }
    },

    update(scope: Scope, id: string, input: CreateTool & { name: string }): Promise<RecipeTool> {
      return inTransaction(db, async (tx) => {
        const row = await tools.rename(tx, scope, id, { name: input.name, slug: slugify(input.name) })
        if (!row) throw missing()
        await applyOnHandChange(tx, onHand, scope, row.id, {
          onHand: input.onHand,
          householdSlugs: input.householdsWithTool,
        })
        await announce(tx, scope, 'updated', row)
        return answerFor(tx, scope, row)
      })
    },

    remove(scope: Scope, id: string): Promise<RecipeTool> {
      return inTransaction(db, async (tx) => {
        const row = await tools.findById(tx, scope, id)
        if (!row) throw missing()
        const answer = await answerFor(tx, scope, row)
        await tools.remove(tx, scope, id)
        await announce(tx, scope, 'deleted', row)
        return answer
      })
    },

    async unused(scope: Scope): Promise<RecipeTool[]> {
      return answersFor(db, scope, await tools.unused(db, scope))
    },
  }
}

export type ToolService = ReturnType<typeof createToolService>
