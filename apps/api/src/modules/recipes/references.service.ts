import { randomUUID } from 'node:crypto'
import type { RecipeIngredientInput, RecipeStepInput } from '@larder/contracts'
import type { Executor } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, ValidationFailure } from '../../http/errors.js'
import { slugify } from '../../lib/slugs.js'
import type { OrganizerReference } from './recipe-draft.js'
import { ingredientNameKey } from '../../lib/ingredient-name-key.js'
import {
  isUuid,
  recipeRepo,
  type IngredientValues,
  type NewFoodOrUnit,
  type OrganizerKind,
  type StepValues,
} from './repo.js'

type Loc = (string | number)[]

/**
 * The foods area's seed lists (its entry's `seedEntryNamed`): the seeded unit or food a name stands for, with its
 * plural and abbreviations. Handed in by modules/index.ts, not imported: the foods area reaches this one (it refreshes
 * recipes' search when a food is renamed), and areas have no cycles (docs/architecture.md "Module rules, and what enforces them").
 */
export interface SeedCatalogue {
  seedEntryNamed(kind: 'units', name: string): Promise<NewFoodOrUnit | null>
  seedEntryNamed(kind: 'foods', name: string): Promise<NewFoodOrUnit | null>
}

const unprocessable = (loc: Loc, msg: string) => new ValidationFailure([{ loc, msg, type: 'value_error' }])

const singular = { categories: 'category', tags: 'tag', tools: 'tool', foods: 'food', units: 'unit' } as const

type FoodOrUnitRow = Awaited<ReturnType<typeof recipeRepo.foodsOrUnits>>[number]

/**
 * The row a name stands for: one written so (abbreviation, plural, name, any letter case) wins over one that only
 * shares its key, so that "c" is the unit whose abbreviation is "c" even if a unit is named "C".
 */
function findByName(rows: readonly FoodOrUnitRow[], name: string): FoodOrUnitRow | undefined {
  const lower = name.toLowerCase()
  const key = ingredientNameKey(name)
  return (
    rows.find((row) => row.name.toLowerCase() === lower) ??
    rows.find((row) => row.abbreviation.toLowerCase() === lower || row.pluralName?.toLowerCase() === lower) ??
    rows.find((row) => row.nameKey === key)
  )
}

/**
 * A new food or unit under the name the client wrote, with the plural and abbreviations the seed lists give that
 * name ("cup" gets "cups" and "c"); a name the lists know only as a plural is kept as written, without them.
 */
async function newEntryNamed(
  seeds: SeedCatalogue,
  kind: 'foods' | 'units',
  name: string,
): Promise<NewFoodOrUnit | null> {
  const seeded =
    kind === 'units' ? await seeds.seedEntryNamed('units', name) : await seeds.seedEntryNamed('foods', name)
  if (!seeded || ingredientNameKey(seeded.name) !== ingredientNameKey(name)) return null
  const { label: _label, ...entry } = seeded as typeof seeded & { label?: string }
  return { ...entry, name }
}

const nameOf = (reference: { name?: string | undefined } | null | undefined) => reference?.name?.trim() ?? ''

/**
 * Turns what a client names (ids, names, slugs) into rows of the caller's group: an id must be a row of the group;
 * a name is looked up case-insensitively and created when missing only for callers who may organize.
 */
/** What a write does with foods, units and organizers it names that the group lacks. */
export interface MissingReferences {
  foodsAndUnits: boolean
  organizers: 'create' | 'refuse' | 'skip'
}

/** A client's own write creates what it names only when the caller may organize (docs/security.md "Access flags and guards"). */
export const missingReferencesFor = (caller: Caller): MissingReferences => ({
  foodsAndUnits: caller.canOrganize,
  organizers: caller.canOrganize ? 'create' : 'refuse',
})

export function createReferenceResolver(seeds: SeedCatalogue) {
  async function foodsOrUnits(
    ex: Executor,
    caller: Caller,
    kind: 'foods' | 'units',
    references: Array<{ reference: { id?: string | null; name?: string } | null | undefined; loc: Loc }>,
    createMissing: boolean,
  ): Promise<Array<string | null>> {
    const ids = references.flatMap(({ reference }) => (reference?.id ? [reference.id] : []))
    const names = references.flatMap(({ reference }) =>
      !reference?.id && nameOf(reference) ? [nameOf(reference)] : [],
    )
    let rows = await recipeRepo.foodsOrUnits(ex, caller, kind, { ids: ids.filter(isUuid), names })
    const missing = new Map<string, string>()
    for (const name of names) {
      if (!findByName(rows, name) && !missing.has(ingredientNameKey(name))) missing.set(ingredientNameKey(name), name)
    }
    if (missing.size > 0 && createMissing) {
      // All at once and in key order: see insertMissingFoodsOrUnits.
      const entries = await Promise.all(
        [...missing.values()].map(async (name) => (await newEntryNamed(seeds, kind, name)) ?? { name }),
      )
      await recipeRepo.insertMissingFoodsOrUnits(ex, caller, kind, entries)
      rows = await recipeRepo.foodsOrUnits(ex, caller, kind, { ids: ids.filter(isUuid), names })
    }
    const byId = new Set(rows.map((row) => row.id))
    return references.map(({ reference, loc }) => {
      if (reference?.id) {
        const id = reference.id.toLowerCase()
        if (!byId.has(id)) throw unprocessable([...loc, 'id'], `No ${singular[kind]} with this id in your group`)
        return id
      }
      const name = nameOf(reference)
      if (!name) return null
      const found = findByName(rows, name)
      if (!found) throw unprocessable(loc, `Unknown ${singular[kind]} ${name}`)
      return found.id
    })
  }

  return {
    /** Ingredient rows to store, with foods, units and sub-recipes resolved and a referenceId for each. */
    async ingredients(
      ex: Executor,
      caller: Caller,
      recipeId: string,
      inputs: readonly RecipeIngredientInput[],
      loc: Loc,
      createMissing = caller.canOrganize,
    ): Promise<IngredientValues[]> {
      const objects = inputs
      const at = (index: number, field: string) => [...loc, 'recipeIngredient', index, field]
      const units = await foodsOrUnits(
        ex,
        caller,
        'units',
        objects.map((input, index) => ({ reference: 'unit' in input ? input.unit : null, loc: at(index, 'unit') })),
        createMissing,
      )
      const foods = await foodsOrUnits(
        ex,
        caller,
        'foods',
        objects.map((input, index) => ({ reference: 'food' in input ? input.food : null, loc: at(index, 'food') })),
        createMissing,
      )
      const referenced = objects.map((input) =>
        'referencedRecipe' in input ? (input.referencedRecipe?.id ?? null) : null,
      )
      const wanted = [...new Set(referenced.flatMap((id) => (id ? [id.toLowerCase()] : [])))]
      if (wanted.length > 0) {
        const existing = await recipeRepo.existingIds(ex, caller, wanted)
        referenced.forEach((id, index) => {
          if (id && !existing.has(id.toLowerCase())) {
            throw unprocessable([...at(index, 'referencedRecipe'), 'id'], 'No recipe with this id in your group')
          }
        })
        if (await recipeRepo.wouldCycle(ex, recipeId, wanted)) throw badRequest('recursive recipe link')
      }
      return objects.map((input, index) => {
        // No quantity given is no quantity (not Mealie's 1): the line then reads as its note alone.
        const quantity = 'quantity' in input ? (input.quantity ?? null) : null
        return {
          quantity: quantity === null ? null : Math.round(quantity * 1000) / 1000,
          unitId: units[index] ?? null,
          foodId: foods[index] ?? null,
          note: input.note ?? '',
          title: 'title' in input ? (input.title ?? null) : null,
          originalText: 'originalText' in input ? (input.originalText ?? null) : null,
          referenceId: ('referenceId' in input ? input.referenceId : null) ?? randomUUID(),
          referencedRecipeId: referenced[index]?.toLowerCase() ?? null,
        }
      })
    },

    steps(inputs: readonly RecipeStepInput[]): StepValues[] {
      return inputs.map((step) => ({
        id: step.id ?? randomUUID(),
        title: step.title ?? '',
        summary: step.summary ?? '',
        text: step.text,
        ingredientReferences: step.ingredientReferences.map((reference) => ({
          referenceId: reference.referenceId ?? null,
        })),
      }))
    },

    /**
     * Organizer ids for what the client named. A missing one is created ('create': callers who may organize, and
     * migrations, which keep the names the other app gave as Mealie's do), refused with a 422 ('refuse'), or left out
     * ('skip': a scraped page's keywords are a suggestion, not something the caller asked for by name).
     */
    async organizers(
      ex: Executor,
      caller: Caller,
      kind: OrganizerKind,
      references: readonly OrganizerReference[],
      loc: Loc,
      missing: MissingReferences['organizers'] = missingReferencesFor(caller).organizers,
    ): Promise<string[]> {
      const ids = references.flatMap((reference) => (reference.id ? [reference.id] : []))
      const slugs = references.flatMap((reference) => (!reference.id && reference.slug ? [reference.slug] : []))
      const names = references.flatMap((reference) => (!reference.id && reference.name ? [reference.name.trim()] : []))
      const rows = await recipeRepo.findOrganizers(ex, caller, kind, { ids: ids.filter(isUuid), slugs, names })
      const resolved: Array<string | null> = []
      const toCreate: Array<{ index: number; name: string; slug: string }> = []
      for (const [index, reference] of references.entries()) {
        const at = [...loc, index]
        const found = reference.id
          ? rows.find((row) => row.id === reference.id!.toLowerCase())
          : rows.find(
              (row) =>
                (reference.slug !== undefined && row.slug === reference.slug) ||
                (reference.name !== undefined && row.name.toLowerCase() === reference.name.trim().toLowerCase()),
            )
        resolved.push(found?.id ?? null)
        if (found) continue
        if (reference.id) throw unprocessable([...at, 'id'], `No ${singular[kind]} with this id in your group`)
        const name = reference.name?.trim() || reference.slug?.trim() || ''
        if (!name) throw unprocessable(at, `Name the ${singular[kind]} by id, slug or name`)
        const slug = slugify(reference.slug?.trim() || name)
        if (missing === 'skip') continue
        if (missing === 'refuse' || !slug) throw unprocessable(at, `Unknown ${singular[kind]} ${name}`)
        toCreate.push({ index, name, slug })
      }
      // Created in slug order, whatever order the recipe names them in: parallel imports that add the same tags
      // then wait for each other instead of deadlocking.
      toCreate.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.index - b.index))
      for (const { index, name, slug } of toCreate) {
        const created = await recipeRepo.ensureOrganizer(ex, caller, kind, name, slug)
        if (!created) throw unprocessable([...loc, index], `Unknown ${singular[kind]} ${name}`)
        resolved[index] = created.id
      }
      return resolved.filter((id): id is string => id !== null)
    },
  }
}

export type ReferenceResolver = ReturnType<typeof createReferenceResolver>
