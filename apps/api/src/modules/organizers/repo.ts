import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { categories, recipeCategories, recipes, recipeTags, recipeTools, tags, tools } from '../../db/schema/index.js'
import { paginate, type ListQuery, type ListSpec, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'

/** The three organizer tables share their columns (db/schema/organizers.ts); each links to recipes by its own table. */
export type OrganizerTable = typeof categories | typeof tags | typeof tools

export interface OrganizerKind {
  table: OrganizerTable
  links: { table: PgTable; recipeId: AnyPgColumn; organizerId: AnyPgColumn }
}

export const organizerKinds = {
  category: {
    table: categories,
    links: { table: recipeCategories, recipeId: recipeCategories.recipeId, organizerId: recipeCategories.categoryId },
  },
  tag: { table: tags, links: { table: recipeTags, recipeId: recipeTags.recipeId, organizerId: recipeTags.tagId } },
  tool: {
    table: tools,
    links: { table: recipeTools, recipeId: recipeTools.recipeId, organizerId: recipeTools.toolId },
  },
} satisfies Record<string, OrganizerKind>

export interface OrganizerRow {
  id: string
  groupId: string
  name: string
  slug: string
}

type ListOptions<Item> = Pick<PaginateOptions<Item>, 'path' | 'select'>

/**
 * Rows of one organizer kind, always within the scope's group: another group's organizer is simply not found.
 * Names and slugs are unique per group by the unique indexes; a clash reaches the error handler as a 409.
 */
export function createOrganizerRepo(kind: OrganizerKind) {
  const table = kind.table as typeof categories
  const { links } = kind
  const columns = { id: table.id, groupId: table.groupId, name: table.name, slug: table.slug }
  const inGroup = (scope: Scope) => eq(table.groupId, scope.groupId)

  return {
    async findById(ex: Executor, scope: Scope, id: string): Promise<OrganizerRow | null> {
      const [row] = await ex
        .select(columns)
        .from(table)
        .where(and(inGroup(scope), eq(table.id, id)))
      return row ?? null
    },

    async findBySlug(ex: Executor, scope: Scope, slug: string): Promise<OrganizerRow | null> {
      const [row] = await ex
        .select(columns)
        .from(table)
        .where(and(inGroup(scope), eq(table.slug, slug)))
      return row ?? null
    },

    async findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<OrganizerRow[]> {
      if (ids.length === 0) return []
      return ex
        .select(columns)
        .from(table)
        .where(and(inGroup(scope), inArray(table.id, [...ids])))
    },

    page<Item>(ex: Executor, scope: Scope, spec: ListSpec, query: ListQuery, options: ListOptions<Item>) {
      return paginate(ex, spec, query, { ...options, scope: inGroup(scope) })
    },

    async insert(ex: Executor, scope: Scope, values: { name: string; slug: string }): Promise<OrganizerRow> {
      const [row] = await ex
        .insert(table)
        .values({ groupId: scope.groupId, ...values })
        .returning(columns)
      return row!
    },

    /** Renames the organizer; the same name keeps its slug, which an older slug function may have made. */
    async rename(ex: Executor, scope: Scope, id: string, values: { name: string; slug: string }) {
      const [row] = await ex
        .update(table)
        .set({
          name: values.name,
          slug: sql`case when ${table.name} = ${values.name} then ${table.slug} else ${values.slug} end`,
        })
        .where(and(inGroup(scope), eq(table.id, id)))
        .returning(columns)
      return row ?? null
    },

    /** Deletes the organizer; its links to recipes go with it (ON DELETE CASCADE), the recipes stay. */
    async remove(ex: Executor, scope: Scope, id: string): Promise<OrganizerRow | null> {
      const [row] = await ex
        .delete(table)
        .where(and(inGroup(scope), eq(table.id, id)))
        .returning(columns)
      return row ?? null
    },

    /** The group's organizers of this kind that no recipe uses, by name. */
    unused(ex: Executor, scope: Scope): Promise<OrganizerRow[]> {
      return ex
        .select(columns)
        .from(table)
        .where(
          and(
            inGroup(scope),
            notExists(
              ex
                .select({ one: sql`1` })
                .from(links.table)
                .where(eq(links.organizerId, table.id)),
            ),
          ),
        )
        .orderBy(asc(table.name))
    },

    /** Ids of the group's recipes that carry the organizer, by recipe name. */
    async recipeIdsOf(ex: Executor, scope: Scope, organizerId: string): Promise<string[]> {
      const rows = await ex
        .select({ id: recipes.id })
        .from(links.table)
        .innerJoin(recipes, eq(recipes.id, links.recipeId))
        .where(and(eq(links.organizerId, organizerId), eq(recipes.groupId, scope.groupId)))
        .orderBy(asc(recipes.name), asc(recipes.id))
      return rows.map((row) => row.id)
    },

    /**
     * Locks the group's recipes that carry the organizer, in id order, and returns their ids: taken before the
     * organizer's own row, in the order a recipe save takes them (recipe, then the organizers it links), so a rename
     * and a save of one of its recipes wait for each other instead of deadlocking.
     */
    async lockRecipesOf(ex: Executor, scope: Scope, organizerId: string): Promise<string[]> {
      const rows = await ex
        .select({ id: recipes.id })
        .from(links.table)
        .innerJoin(recipes, eq(recipes.id, links.recipeId))
        .where(and(eq(links.organizerId, organizerId), eq(recipes.groupId, scope.groupId)))
        .orderBy(asc(recipes.id))
        .for('no key update', { of: recipes })
      return rows.map((row) => row.id)
    },
  }
}

export type OrganizerRepo = ReturnType<typeof createOrganizerRepo>
