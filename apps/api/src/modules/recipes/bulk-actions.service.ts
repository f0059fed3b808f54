import type { AssignCategories, AssignSettings, AssignTags } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Caller } from '../../http/authentication.js'
import { notFound } from '../../http/errors.js'
import type { Access } from '../access/index.js'
import { bulkActionRepo, type LockedRecipe } from './bulk-actions.repo.js'
import { recipeEvent } from './events.js'
import type { GroupExportService } from './group-exports.service.js'
import type { RecipeMedia } from './media.js'
import { createReferenceResolver, type SeedCatalogue } from './references.service.js'
import { refreshRecipeSearch } from './repo.js'

type Organizers = AssignTags['tags']

const named = (rows: readonly LockedRecipe[], key: string) =>
  rows.some((row) => row.slug === key || row.id === key.toLowerCase())

/**
 * Bulk actions (docs/mealie-compatibility.md "Recipe bulk actions", docs/security.md "Recipe edit and delete rules"): members of each recipe's own household, no lock check. Each action is one
 * transaction that locks its recipes in id order. Tag, categorize, settings and export refuse the whole request with
 * a 404 when a slug is not a recipe of the caller's household; delete skips such slugs (Mealie ignores each item's
 * failure), so repeating a delete, or two overlapping ones, both succeed.
 */
export function createRecipeBulkActionService(deps: {
  db: Database
  access: Access
  media: RecipeMedia
  groupExports: GroupExportService
  seeds: SeedCatalogue
}) {
  const { db, access, media, groupExports } = deps
  const references = createReferenceResolver(deps.seeds)

  /** The household's recipes named by `keys`, all of them or a 404; locked for the transaction when `forUpdate`. */
  async function householdRecipes(ex: Executor, caller: Caller, keys: readonly string[], forUpdate: boolean) {
    const rows = await bulkActionRepo.findNamed(ex, caller, keys, { forUpdate })
    const missing = keys.find((key) => !named(rows, key))
    if (missing !== undefined) throw notFound('No Entry Found')
    await access.requireHouseholdRecipe(
      ex,
      caller,
      rows.map((row) => row.id),
    )
    return rows
  }

  async function addOrganizers(caller: Caller, kind: 'tags' | 'categories', keys: string[], organizers: Organizers) {
    await inTransaction(db, async (tx) => {
      const rows = await householdRecipes(tx, caller, keys, true)
      const ids = rows.map((row) => row.id)
      const loc = ['body', kind === 'tags' ? 'tags' : 'categories']
      const organizerIds = await references.organizers(tx, caller, kind, organizers, loc)
      await bulkActionRepo.addOrganizers(tx, kind, ids, organizerIds)
      await bulkActionRepo.touch(tx, caller, ids)
      await refreshRecipeSearch(tx, caller, ids) // tags and categories are part of the search document
      await publish(tx, caller, ...rows.map((row) => recipeEvent('recipe.updated', row)))
    })
    return null
  }

  return {
    tag: (caller: Caller, body: { recipes: string[]; tags: Organizers }) =>
      addOrganizers(caller, 'tags', body.recipes, body.tags),

    categorize: (caller: Caller, body: { recipes: string[]; categories: AssignCategories['categories'] }) =>
      addOrganizers(caller, 'categories', body.recipes, body.categories),

    async settings(caller: Caller, body: { recipes: string[]; settings: AssignSettings['settings'] }) {
      await inTransaction(db, async (tx) => {
        const rows = await householdRecipes(tx, caller, body.recipes, true)
        await bulkActionRepo.setSettings(
          tx,
          caller,
          rows.map((row) => row.id),
          body.settings,
        )
        await publish(tx, caller, ...rows.map((row) => recipeEvent('recipe.updated', row)))
      })
      return null
    },

    /** Deletes the household's named recipes; their media folders go after the commit. */
    async delete(caller: Caller, body: { recipes: string[] }) {
      const deleted = await inTransaction(db, async (tx) => {
        const rows = await bulkActionRepo.findNamed(tx, caller, body.recipes, { householdOnly: true, forUpdate: true })
        const ids = rows.map((row) => row.id)
        await bulkActionRepo.deleteRecipes(tx, caller, ids)
        await publish(tx, caller, ...rows.map((row) => recipeEvent('recipe.deleted', row)))
        return ids
      })
      for (const id of deleted) await media.remove(id)
      return null
    },

    /** Checks the recipes now and leaves the zip to a background job (202, as Mealie answers). */
    async export(caller: Caller, body: { recipes: string[] }) {
      await inTransaction(db, async (tx) => {
        const rows = await householdRecipes(tx, caller, body.recipes, false)
        await groupExports.enqueue(
          tx,
          caller,
          rows.map((row) => row.id),
        )
      })
      return null
    },
  }
}

export type RecipeBulkActionService = ReturnType<typeof createRecipeBulkActionService>
