import { and, asc, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { groupDataExports, recipes } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'
import type { ZippedRecipe } from './recipes-zip.js'

export type GroupDataExportRow = typeof groupDataExports.$inferSelect

/** The one export of the group named, with any further conditions. */
const theExport = (scope: Pick<Scope, 'groupId'>, id: string, ...more: SQL[]) =>
  and(eq(groupDataExports.groupId, scope.groupId), eq(groupDataExports.id, id), ...more)

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

  /** The export as asked for, 'building' until its job stores the zip or records the failure. */
  async insertBuilding(
    ex: Executor,
    scope: Pick<Scope, 'groupId'>,
    row: { id: string; recipeIds: string[]; expiresAt: Date },
  ): Promise<void> {
    await ex
      .insert(groupDataExports)
      .values({ ...row, groupId: scope.groupId, name: 'Data Export', status: 'building', sizeBytes: 0 })
  },

  /**
   * Ends a build (the zip stored, or the failure recorded) once: answers false when the export is no longer building
   * (a run after it ended, or the group dismissed or purged it meanwhile).
   */
  async finishBuilding(
    ex: Executor,
    scope: Pick<Scope, 'groupId'>,
    id: string,
    outcome:
      { status: 'ready'; sizeBytes: number; expiresAt: Date } | { status: 'failed'; error: string; expiresAt: Date },
  ): Promise<boolean> {
    const updated = await ex
      .update(groupDataExports)
      .set({ ...outcome, updatedAt: new Date() })
      .where(theExport(scope, id, eq(groupDataExports.status, 'building')))
      .returning({ id: groupDataExports.id })
    return updated.length > 0
  },

  /** Puts a failed export back to building; answers its recipes, or null when it is not a failed one. */
  async restartFailed(
    ex: Executor,
    scope: Pick<Scope, 'groupId'>,
    id: string,
    expiresAt: Date,
  ): Promise<string[] | null> {
    const [row] = await ex
      .update(groupDataExports)
      .set({ status: 'building', error: null, expiresAt, updatedAt: new Date() })
      .where(theExport(scope, id, eq(groupDataExports.status, 'failed')))
      .returning({ recipeIds: groupDataExports.recipeIds })
    return row ? row.recipeIds : null
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
      .where(theExport(scope, id, gt(groupDataExports.expiresAt, now)))
    return row ?? null
  },

  /** Deletes the export when its time has come: a failed build run again since has a later expiry, and stays. */
  async deleteExpired(ex: Executor, scope: Pick<Scope, 'groupId'>, id: string, now: Date): Promise<boolean> {
    const rows = await ex
      .delete(groupDataExports)
      .where(theExport(scope, id, lte(groupDataExports.expiresAt, now)))
      .returning({ id: groupDataExports.id })
    return rows.length > 0
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
