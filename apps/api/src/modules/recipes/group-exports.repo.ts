import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { groupDataExports, recipes } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'
import type { ZippedRecipe } from './recipes-zip.js'

export type GroupDataExportRow = typeof groupDataExports.$inferSelect

/** The group's stored exports (Mealie's `group_data_exports`), always bounded by the scope's group. */
export const groupExportRepo = {
  /** What the zip needs of each recipe, read when the job runs: a recipe renamed since the request has its new slug. */
  recipesToZip(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ZippedRecipe[]> {
    if (ids.length === 0) return Promise.resolve([])
    return ex
      .select({ id: recipes.id, slug: recipes.slug, image: recipes.image })
      .from(recipes)
      .where(and(eq(recipes.groupId, scope.groupId), inArray(recipes.id, [...ids])))
      .orderBy(asc(recipes.slug))
  },

  /** Stores the export once: a job that runs again after its zip was stored adds nothing. */
  async insert(
    ex: Executor,
    scope: Pick<Scope, 'groupId'>,
    row: { id: string; name: string; sizeBytes: number; expiresAt: Date },
  ): Promise<boolean> {
    const inserted = await ex
      .insert(groupDataExports)
      .values({ ...row, groupId: scope.groupId })
      .onConflictDoNothing()
      .returning({ id: groupDataExports.id })
    return inserted.length > 0
  },

  listCurrent(ex: Executor, scope: Pick<Scope, 'groupId'>, now: Date): Promise<GroupDataExportRow[]> {
    return ex
      .select()
      .from(groupDataExports)
      .where(and(eq(groupDataExports.groupId, scope.groupId), gt(groupDataExports.expiresAt, now)))
      .orderBy(desc(groupDataExports.createdAt), asc(groupDataExports.id))
  },

  async findCurrent(
    ex: Executor,
    scope: Pick<Scope, 'groupId'>,
    id: string,
    now: Date,
  ): Promise<GroupDataExportRow | null> {
    const [row] = await ex
      .select()
      .from(groupDataExports)
      .where(
        and(
          eq(groupDataExports.groupId, scope.groupId),
          eq(groupDataExports.id, id),
          gt(groupDataExports.expiresAt, now),
        ),
      )
    return row ?? null
  },

  /** Deletes the group's exports (all of them, or the one named) and answers the ids deleted. */
  async delete(ex: Executor, scope: Pick<Scope, 'groupId'>, id?: string): Promise<string[]> {
    const rows = await ex
      .delete(groupDataExports)
      .where(and(eq(groupDataExports.groupId, scope.groupId), id ? eq(groupDataExports.id, id) : undefined))
      .returning({ id: groupDataExports.id })
    return rows.map((row) => row.id)
  },
}
