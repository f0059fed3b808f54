import type { OrganizerCreated, RecipeCategory, RecipeSummary } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { notFound } from '../../http/errors.js'
import type { ListQuery, ListSpec, Page } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { slugify } from '../../lib/slugs.js'
import { refreshRecipeSearch } from '../recipes/index.js'
import type { OrganizerRepo, OrganizerRow } from './repo.js'

/**
 * The list items (RecipeSummary) of the scope's group's recipes among `ids`, in the order of `ids`: the recipes
 * area's `recipeSummaries`, handed in by the app's wiring (modules/index.ts) rather than imported, since the recipes
 * area already reaches this one (through foods' on-hand).
 */
export type RecipeSummaryReader = (ex: Executor, scope: Scope, ids: readonly string[]) => Promise<RecipeSummary[]>

const toItem = (row: OrganizerRow): RecipeCategory => ({ id: row.id, name: row.name, slug: row.slug })

/**
 * Categories and tags (docs/mealie-compatibility.md "Organizers"): group-wide names with a slug recomputed on every rename. The unique indexes
 * decide clashes (a taken name or slug answers 409); writes are guarded by canOrganize in their contracts.
 */
export function createOrganizerService(deps: {
  db: Database
  organizers: OrganizerRepo
  listSpec: ListSpec
  /** "Category", "Tag": the start of a not-found sentence. */
  noun: string
  /** The events its changes publish: `category` or `tag` (docs/events.md "Mealie's event types"). */
  kind: 'category' | 'tag'
  recipeSummaries: RecipeSummaryReader
}) {
  const { db, organizers, listSpec, noun, kind, recipeSummaries } = deps
  const missing = () => notFound(`${noun} not found`)
  const announce = (tx: Executor, scope: Scope, change: 'created' | 'updated' | 'deleted', row: OrganizerRow) =>
    publish(
      tx,
      scope,
      kind === 'tag'
        ? { type: `tag.${change}`, document: { tagId: row.id, tagSlug: row.slug } }
        : { type: `category.${change}`, document: { categoryId: row.id, categorySlug: row.slug } },
    )

  return {
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<RecipeCategory>> {
      return organizers.page(db, scope, listSpec, query, {
        path,
        select: async (ids) => (await organizers.findByIds(db, scope, ids.map(String))).map(toItem),
      })
    },

    async create(scope: Scope, name: string): Promise<OrganizerCreated> {
      const row = await inTransaction(db, async (tx) => {
        const inserted = await organizers.insert(tx, scope, { name, slug: slugify(name) })
        await announce(tx, scope, 'created', inserted)
        return inserted
      })
      return { id: row.id, name: row.name, slug: row.slug, groupId: row.groupId }
    },

    async get(scope: Scope, id: string): Promise<RecipeCategory> {
      const row = await organizers.findById(db, scope, id)
      if (!row) throw missing()
      return toItem(row)
    },

    async getBySlug(scope: Scope, slug: string): Promise<RecipeCategory & { recipes: RecipeSummary[] }> {
      const row = await organizers.findBySlug(db, scope, slug)
      if (!row) throw missing()
      const recipeIds = await organizers.recipeIdsOf(db, scope, row.id)
      return { ...toItem(row), recipes: await recipeSummaries(db, scope, recipeIds) }
    },

    /** Recipes carry their tags' and categories' names in their search document: it is rewritten with the name. */
    rename(scope: Scope, id: string, name: string): Promise<RecipeCategory> {
      return inTransaction(db, async (tx) => {
        const recipeIds = await organizers.lockRecipesOf(tx, scope, id)
        const row = await organizers.rename(tx, scope, id, { name, slug: slugify(name) })
        if (!row) throw missing()
        await refreshRecipeSearch(tx, scope, recipeIds)
        await announce(tx, scope, 'updated', row)
        return toItem(row)
      })
    },

    remove(scope: Scope, id: string): Promise<RecipeCategory> {
      return inTransaction(db, async (tx) => {
        const recipeIds = await organizers.lockRecipesOf(tx, scope, id)
        const row = await organizers.remove(tx, scope, id)
        if (!row) throw missing()
        await refreshRecipeSearch(tx, scope, recipeIds)
        await announce(tx, scope, 'deleted', row)
        return toItem(row)
      })
    },

    async unused(scope: Scope): Promise<RecipeCategory[]> {
      return (await organizers.unused(db, scope)).map(toItem)
    },
  }
}

export type OrganizerService = ReturnType<typeof createOrganizerService>
