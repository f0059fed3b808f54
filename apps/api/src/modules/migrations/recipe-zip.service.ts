import { RecipeInput, unsafeInputIssues, withDeclaredKeys } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { inTransaction } from '../../db/transaction.js'
import { badRequest } from '../../http/errors.js'
import { ArchiveRefused, SafeArchive, type ArchiveLimits } from '../../lib/safe-zip.js'
import { newImageKey, type RecipesModule } from '../recipes/index.js'
import type { ImportableRecipe } from './recipe-input.js'
import { refusalOf } from './service.js'
import { createPictureStaging } from './staged-pictures.js'

/** One recipe and its picture: a Mealie zip is a few hundred KB; a camera photo inside one at most 25 MB. */
const maximumUploadBytes = 50 * 1024 * 1024
const recipeZipLimits: ArchiveLimits = {
  maxEntries: 100,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxTextBytes: 8 * 1024 * 1024,
  maxDepth: 1,
}

type Fields = Record<string, unknown>
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A food, unit or organizer of another instance: known here by its name (and slug), never by its id. */
function byName(value: unknown): unknown {
  if (typeof value === 'string') return value
  if (!isObject(value)) return value ?? null
  const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim() : undefined
  const slug = typeof value.slug === 'string' && value.slug.trim() ? value.slug.trim() : undefined
  if (!name && !slug) return null
  return { ...(name ? { name } : {}), ...(slug ? { slug } : {}) }
}

/**
 * The exported recipe as the input of this instance: its ids, owner, slug and settings are the other instance's and
 * go; foods, units and organizers are matched (or created) by name; step ids are new, links from steps to their
 * ingredients (referenceId) are kept.
 */
function portable(raw: Fields): Fields {
  const fields = withDeclaredKeys(RecipeInput, raw) as Fields
  const { id: _id, userId: _userId, slug: _slug, settings: _settings, ...rest } = fields
  return {
    ...rest,
    recipeIngredient: list(rest.recipeIngredient).map((ingredient) => {
      if (!isObject(ingredient)) return ingredient
      const { referencedRecipe: _linked, ...kept } = ingredient
      return { ...kept, unit: byName(kept.unit), food: byName(kept.food) }
    }),
    recipeInstructions: list(rest.recipeInstructions).map((step) => {
      if (!isObject(step)) return step
      const { id: _stepId, ...kept } = step
      return kept
    }),
    recipeCategory: list(rest.recipeCategory)
      .map(byName)
      .filter((item) => item !== null),
    tags: list(rest.tags)
      .map(byName)
      .filter((item) => item !== null),
    tools: list(rest.tools)
      .map(byName)
      .filter((item) => item !== null),
    assets: [],
  }
}

/** The recipe file of a zip: its `*.json` (the last one listed, as Mealie reads it), parsed and checked. */
function recipeOf(archive: SafeArchive): ImportableRecipe {
  const file = archive.entries.filter((entry) => /\.json$/i.test(entry.path)).at(-1)
  if (!file) throw badRequest('The zip holds no recipe: expected a .json file from a recipe export')
  let raw: unknown
  try {
    raw = JSON.parse(file.text())
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error
    throw badRequest(`${file.path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  if (!isObject(raw)) throw badRequest(`${file.path} holds no recipe object`)
  // Checked as a request body is, before anything walks it: text no column stores, nesting deeper than any recipe.
  const unsafe = unsafeInputIssues(raw, [])
  if (unsafe[0]) throw badRequest(`The recipe cannot be stored: ${unsafe[0].loc.join('.')}: ${unsafe[0].msg}`)
  const input = portable(raw)
  const parsed = RecipeInput.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw badRequest(`The recipe cannot be stored: ${issue?.path.join('.')}: ${issue?.message}`)
  }
  if (!parsed.data.name) throw badRequest('The recipe in the zip has no name')
  return { ...parsed.data, name: parsed.data.name }
}

/**
 * POST /api/recipes/create/zip (docs/mealie-compatibility.md "Creating recipes"): a recipe zip — Mealie's (`<slug>.json` in snake_case) or Larder's
 * own export (camelCase) with `original.webp` — becomes a new recipe of the caller. A zip that cannot be read is a
 * 4xx before anything is written; the picture is converted first and moved into place after the commit.
 */
export function createRecipeZipService(deps: { db: Database; dataDirectory: string; recipes: RecipesModule }) {
  const { db, dataDirectory, recipes } = deps
  return {
    maximumUploadBytes,

    async importZip(caller: Caller, upload: Buffer): Promise<string> {
      const archive = await SafeArchive.read(upload, recipeZipLimits).catch((error: unknown) => {
        throw refusalOf(error)
      })
      const input = (() => {
        try {
          return recipeOf(archive)
        } catch (error) {
          throw refusalOf(error)
        }
      })()
      const picture = archive.entries.filter((entry) => /\.(webp|jpe?g|png)$/i.test(entry.path)).at(-1)
      const importer = await recipes.service.importer(caller)
      const staging = await createPictureStaging(dataDirectory)
      try {
        const staged = picture ? (await staging.stage(0, picture.bytes)).staged : false
        const created = await inTransaction(db, async (tx: Executor) => {
          const recipe = await importer.create(tx, input, { image: staged ? newImageKey() : null })
          await importer.announce(tx, [recipe])
          return recipe
        })
        if (staged) await staging.publish(0, created.id)
        return created.slug
      } finally {
        await staging.discard()
      }
    },
  }
}

export type RecipeZipService = ReturnType<typeof createRecipeZipService>
