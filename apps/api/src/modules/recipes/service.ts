import { randomBytes, randomUUID } from 'node:crypto'
import type { Recipe, RecipeInputParsed, RecipeSummary } from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, conflict, notFound, ValidationFailure } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import type { PreserializedJson } from '../../http/preserialized-json.js'
import { slugify } from '../../lib/slugs.js'
import { insertUnderFreeName } from '../../lib/unique-name.js'
import type { Access } from '../access/index.js'
import type { HouseholdService } from '../households/index.js'
import type { RecipeMedia } from './media.js'
import { draftOf, type RecipeDraft } from './recipe-draft.js'
import { recipeEvent } from './events.js'
import { loadRecipes, recipeJson, type RecipeAnswer } from './recipe-loader.repo.js'
import {
  createReferenceResolver,
  missingReferencesFor,
  type MissingReferences,
  type SeedCatalogue,
} from './references.service.js'
import { copiedRecipeValues, copyRecipeParts } from './copy.repo.js'
import { recipeRepo, slugConstraint, type RecipeRow, type RecipeValues } from './repo.js'
import { recipeListAnswer, type RecipeListFilters } from './list.repo.js'

const noEntry = () => notFound('No Entry Found')

/** Mealie's numbered names: "Soup", "Soup (1)" … "Soup (9)"; the eleventh create of one typed name is a 400. */
const typedNameAttempts = 9
/**
 * Imports look further, but not forever: a name whose numbered forms all make one slug (cut at the slug's length)
 * would otherwise never end.
 */
const importedNameAttempts = 1000

/** The starter content of a new recipe (docs/mealie-compatibility.md "Reading and writing one recipe"). */
const starterIngredient = '1 Cup Flour'
const starterStep =
  'Recipe steps as well as other fields in the recipe page support markdown syntax.\n\n**Add a link**\n\n[My Link](https://larder.example)'

const todayUtc = () => new Date().toISOString().slice(0, 10)
const newImageKey = () => randomBytes(3).toString('base64url').slice(0, 4)

function requireSlug(name: string): string {
  const slug = slugify(name)
  if (!slug) throw badRequest('Unable to generate recipe slug')
  return slug
}

export function createRecipeService(deps: {
  db: Database
  access: Access
  households: HouseholdService
  media: RecipeMedia
  seeds: SeedCatalogue
}) {
  const { db, access, households, media } = deps
  const references = createReferenceResolver(deps.seeds)

  async function loadOne(ex: Executor, caller: Caller, id: string): Promise<Recipe> {
    const [recipe] = await loadRecipes(ex, caller, [id])
    if (!recipe) throw noEntry()
    return recipe
  }

  /** Writes a draft onto a stored recipe, inside the caller's transaction. */
  async function apply(
    tx: Executor,
    caller: Caller,
    row: RecipeRow,
    draft: RecipeDraft,
    loc: (string | number)[],
    missing: MissingReferences = missingReferencesFor(caller),
  ) {
    const values: RecipeValues = { ...draft.values, dateUpdated: new Date() }
    if (draft.name !== undefined) {
      values.name = draft.name
      // A save that keeps the name keeps the slug: one made by an older slug function still names the recipe's links.
      values.slug = draft.name === row.name ? row.slug : requireSlug(draft.name)
    }
    if (draft.ownerId !== undefined && draft.ownerId !== row.userId) {
      const owner = await recipeRepo.groupUser(tx, caller, draft.ownerId)
      if (!owner) {
        throw new ValidationFailure([
          { loc: [...loc, 'userId'], msg: 'No user with this id in your group', type: 'value_error' },
        ])
      }
      // The household follows its owner (docs/security.md "Recipe edit and delete rules").
      values.userId = owner.id
      values.householdId = owner.householdId
    }
    await recipeRepo.update(tx, caller, row.id, values)
    if (draft.ingredients) {
      const rows = await references.ingredients(tx, caller, row.id, draft.ingredients, loc, missing.foodsAndUnits)
      await recipeRepo.replaceIngredients(tx, row.id, rows)
    }
    if (draft.steps) await recipeRepo.replaceSteps(tx, row.id, references.steps(draft.steps))
    const fields = { categories: 'recipeCategory', tags: 'tags', tools: 'tools' } as const
    for (const kind of ['categories', 'tags', 'tools'] as const) {
      const named = draft.organizers[kind]
      if (!named) continue
      const ids = await references.organizers(tx, caller, kind, named, [...loc, fields[kind]], missing.organizers)
      await recipeRepo.replaceOrganizers(tx, row.id, kind, ids)
    }
    await recipeRepo.refreshSearch(tx, caller, [row.id])
  }

  /** One PUT or PATCH: the row locked for the transaction, the edit rules, then the changes. */
  async function save(
    tx: Executor,
    caller: Caller,
    key: string,
    input: RecipeInputParsed,
    mode: 'replace' | 'merge',
    loc: (string | number)[],
  ): Promise<string> {
    const row = await recipeRepo.findByKey(tx, caller, key, { forUpdate: true })
    if (!row) throw noEntry()
    const draft = draftOf(input, mode, row, loc)
    await access.requireRecipeEdit(tx, caller, [row.id], draft.locked === undefined ? [] : [row.id])
    await apply(tx, caller, row, draft, loc)
    return row.id
  }

  /**
   * A new recipe under the first free name. A name the person typed (POST /api/recipes) stops at "name (9)" and the
   * eleventh answers 400, as Mealie does (docs/mealie-compatibility.md "Recipe conventions"); a name the person did not choose (imports, migrations,
   * duplicates) keeps looking, so an import never fails for a popular name.
   */
  async function insertNamed(
    tx: Executor,
    caller: Caller,
    name: string,
    values: RecipeValues,
    chosenBy: 'person' | 'import' = 'import',
  ): Promise<RecipeRow> {
    requireSlug(name)
    const row = await insertUnderFreeName(
      tx,
      name,
      [slugConstraint],
      (savepoint, candidate) =>
        recipeRepo.insert(savepoint, caller, { ...values, name: candidate, slug: slugify(candidate) }),
      chosenBy === 'person' ? typedNameAttempts : importedNameAttempts,
    )
    if (!row) throw chosenBy === 'person' ? badRequest('Recipe already exists') : conflict('Recipe already exists')
    return row
  }

  /**
   * The one way a recipe comes into being (POST /api/recipes, imports): the first free name, the household's recipe
   * settings, today's date and the "Recipe Created" timeline event, in the caller's transaction.
   */
  async function insertNew(
    tx: Executor,
    caller: Caller,
    name: string,
    preferences: Awaited<ReturnType<HouseholdService['preferences']>>,
  ): Promise<RecipeRow> {
    const row = await insertNamed(
      tx,
      caller,
      name,
      {
        dateAdded: todayUtc(),
        dateUpdated: new Date(),
        settingsPublic: preferences.recipePublic,
        settingsShowNutrition: preferences.recipeShowNutrition,
        settingsShowAssets: preferences.recipeShowAssets,
        settingsLandscapeView: preferences.recipeLandscapeView,
        settingsDisableComments: preferences.recipeDisableComments,
        settingsDisableAmount: preferences.recipeDisableAmount,
        settingsLocked: false,
      },
      'person',
    )
    await recipeRepo.addTimelineEvent(tx, row.id, {
      userId: caller.userId,
      subject: 'Recipe Created',
      eventType: 'system',
    })
    return row
  }

  return {
    /**
     * POST /api/recipes: the caller's new recipe with the household's settings and, unless asked not to, Mealie's
     * starter content; its slug.
     */
    async create(caller: Caller, name: string, options = { starterContent: true }): Promise<string> {
      requireSlug(name)
      const preferences = await households.preferences(caller)
      return inTransaction(db, async (tx) => {
        const row = await insertNew(tx, caller, name, preferences)
        if (options.starterContent) {
          await recipeRepo.replaceIngredients(tx, row.id, [
            { quantity: null, note: starterIngredient, referenceId: randomUUID(), title: null, originalText: null },
          ])
          await recipeRepo.replaceSteps(tx, row.id, [
            { id: randomUUID(), title: '', summary: '', text: starterStep, ingredientReferences: [] },
          ])
        }
        await recipeRepo.refreshSearch(tx, caller, [row.id])
        await publish(tx, caller, recipeEvent('recipe.created', row))
        return row.slug
      })
    },

    /**
     * For imports (migrations, recipe zips, scraped pages): reads the household's recipe settings once, then creates
     * whole recipes inside the caller's transaction, each as POST would plus everything the input gives — under the
     * first free name, with the "Recipe Created" timeline event. Organizers, foods and units named by the input are
     * found or created whatever the caller's organize permission, as Mealie's importers do. A refused input throws
     * (a 422 located at `loc`); run each create in a savepoint to go on with the next one.
     */
    async importer(caller: Caller) {
      const preferences = await households.preferences(caller)
      return {
        async create(
          tx: Executor,
          input: RecipeInputParsed & { name: string },
          extras: { image?: string | null; lastMade?: Date; unknownOrganizers?: MissingReferences['organizers'] } = {},
          loc: (string | number)[] = ['body'],
        ): Promise<{ id: string; slug: string; name: string }> {
          const row = await insertNamed(tx, caller, input.name, {
            dateAdded: todayUtc(),
            dateUpdated: new Date(),
            image: extras.image ?? null,
            settingsPublic: preferences.recipePublic,
            settingsShowNutrition: preferences.recipeShowNutrition,
            settingsShowAssets: preferences.recipeShowAssets,
            settingsLandscapeView: preferences.recipeLandscapeView,
            settingsDisableComments: preferences.recipeDisableComments,
            settingsDisableAmount: preferences.recipeDisableAmount,
            settingsLocked: false,
          })
          // The name is the one insertNamed chose ("Soup (1)"); settings stay the household's, not the file's.
          const { name: _name, settings: _settings, userId: _owner, ...content } = input
          await apply(tx, caller, row, draftOf(content, 'merge', row, loc), loc, {
            foodsAndUnits: true,
            organizers: extras.unknownOrganizers ?? 'create',
          })
          if (extras.lastMade) await recipeRepo.recordLastMade(tx, caller, row.id, extras.lastMade)
          await recipeRepo.addTimelineEvent(tx, row.id, {
            userId: caller.userId,
            subject: 'Recipe Created',
            eventType: 'system',
          })
          return { id: row.id, slug: row.slug, name: row.name }
        },

        /**
         * Publishes the creation of the recipes this importer made, once they are all in: call it last in the
         * transaction. Not in `create`, because the first publish holds the group's event version until the commit,
         * and an import of hundreds of recipes would hold every other writer of the group that long.
         */
        announce(tx: Executor, created: ReadonlyArray<{ id: string; slug: string }>): Promise<void> {
          return publish(
            tx,
            caller,
            ...created.map((recipe) => recipeEvent('recipe.created', { ...recipe, householdId: caller.householdId })),
          )
        },
      }
    },

    /**
     * A page's or a photo's recipe (scraper, image import): the importer's create in its own transaction. Its foods
     * and units are created as parsed; its keywords become tags only where the caller may organize (a page's keywords
     * are a suggestion, not something the caller named).
     */
    async createWithContent(
      caller: Caller,
      content: RecipeInputParsed & { name: string },
    ): Promise<{ id: string; slug: string; name: string }> {
      requireSlug(content.name)
      const importer = await this.importer(caller)
      return inTransaction(db, async (tx) => {
        const created = await importer.create(tx, content, {
          unknownOrganizers: caller.canOrganize ? 'create' : 'skip',
        })
        await importer.announce(tx, [created])
        return created
      })
    },

    /** GET /api/recipes/{slug}: the answer as PostgreSQL writes it, in one statement (recipeJson). */
    async get(caller: Caller, key: string): Promise<RecipeAnswer> {
      const found = await recipeJson(db, caller, key)
      if (!found) throw noEntry()
      return found
    },

    async update(caller: Caller, key: string, input: RecipeInputParsed, mode: 'replace' | 'merge'): Promise<Recipe> {
      const recipe = await inTransaction(db, async (tx) => {
        const saved = await loadOne(tx, caller, await save(tx, caller, key, input, mode, ['body']))
        await publish(tx, caller, recipeEvent('recipe.updated', saved))
        return saved
      })
      await media.pruneAssets(caller, [recipe.id]) // asset files the recipe no longer names (docs/mealie-compatibility.md "Recipe images and assets")
      return recipe
    },

    /** Bulk PUT/PATCH: every item by id, all or nothing, refusals as the single routes answer them. */
    async updateMany(
      caller: Caller,
      items: ReadonlyArray<RecipeInputParsed & { id: string }>,
      mode: 'replace' | 'merge',
    ): Promise<Recipe[]> {
      const recipes = await inTransaction(db, async (tx) => {
        const ids: string[] = []
        // Each item's 422s are located at it (`body.<index>.…`); the first refusal ends the transaction.
        for (const [index, item] of items.entries())
          ids.push(await save(tx, caller, item.id, item, mode, ['body', index]))
        const saved = await loadRecipes(tx, caller, ids)
        await publish(tx, caller, ...saved.map((recipe) => recipeEvent('recipe.updated', recipe)))
        return saved
      })
      await media.pruneAssets(
        caller,
        recipes.map((recipe) => recipe.id),
      ) // asset files no longer named (docs/mealie-compatibility.md "Recipe images and assets")
      return recipes
    },

    /** DELETE: answers the recipe as it was; its rows go by cascade, its media folder after the commit. */
    async delete(caller: Caller, key: string): Promise<Recipe> {
      const recipe = await inTransaction(db, async (tx) => {
        const row = await recipeRepo.findByKey(tx, caller, key, { forUpdate: true })
        if (!row) throw noEntry()
        await access.requireRecipeEdit(tx, caller, [row.id])
        const before = await loadOne(tx, caller, row.id)
        await recipeRepo.delete(tx, caller, row.id)
        await publish(tx, caller, recipeEvent('recipe.deleted', row))
        return before
      })
      await media.remove(recipe.id)
      return recipe
    },

    /**
     * A copy owned by the caller (their household): every column of the source but its identity (`copy.repo.ts`),
     * new ids throughout, the steps' references remapped, the media folder copied after the commit.
     */
    async duplicate(caller: Caller, key: string, name: string | null | undefined): Promise<Recipe> {
      const copy = await inTransaction(db, async (tx) => {
        const source = await recipeRepo.findByKey(tx, caller, key)
        if (!source) throw noEntry()
        const inserted = await insertNamed(tx, caller, name?.trim() || source.name, {
          ...copiedRecipeValues(source),
          image: source.image ? newImageKey() : null,
          dateAdded: todayUtc(),
          dateUpdated: new Date(),
        })
        await copyRecipeParts(tx, source.id, inserted.id)
        await recipeRepo.refreshSearch(tx, caller, [inserted.id])
        await publish(tx, caller, recipeEvent('recipe.created', inserted))
        return { source, inserted }
      })
      await media.copy(copy.source.id, copy.inserted.id)
      return loadOne(db, caller, copy.inserted.id)
    },

    /** Any member of the group, whatever the lock: the household's own date, and the recipe's latest. */
    async setLastMade(caller: Caller, key: string, timestamp: string): Promise<Recipe> {
      const at = new Date(timestamp)
      if (Number.isNaN(at.getTime())) {
        throw new ValidationFailure([
          { loc: ['body', 'timestamp'], msg: 'Enter a date and time', type: 'datetime_parsing' },
        ])
      }
      return inTransaction(db, async (tx) => {
        const row = await recipeRepo.findByKey(tx, caller, key, { forUpdate: true })
        if (!row) throw noEntry()
        await recipeRepo.recordLastMade(tx, caller, row.id, at)
        await publish(tx, caller, recipeEvent('recipe.updated', row))
        return loadOne(tx, caller, row.id)
      })
    },

    list(
      caller: Caller,
      query: ListQuery & RecipeListFilters,
    ): Promise<Page<RecipeSummary> | PreserializedJson<Page<RecipeSummary>>> {
      return recipeListAnswer(db, caller, query)
    },

    /** Administrators moving a user to another household: the user's recipes follow them (docs/security.md "Recipe edit and delete rules"). */
    moveOwnedToHousehold(ex: Executor, userId: string, householdId: string): Promise<void> {
      return recipeRepo.moveOwnedToHousehold(ex, userId, householdId)
    },

    countOwned: (ex: Executor, userId: string) => recipeRepo.countOwned(ex, userId),
  }
}

export type RecipeService = ReturnType<typeof createRecipeService>
