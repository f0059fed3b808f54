import { ingredientNameKey } from '../../../lib/ingredient-name-key.js'
import { slugify } from '../../../lib/slugs.js'
import { type Conversion, missing, noCounterpart } from './context.js'
import { stamps } from './people.js'
import { booleanOf, stableId, textOf, uuidOf } from './values.js'

/**
 * Group-owned vocabulary: labels, foods, units and the organizers. Larder's keys are stricter than Mealie's (a food's
 * name is one per group whatever its case, accents or plural; an organizer's name and slug are each one per group),
 * so a row whose key an earlier row holds is merged into it: it is counted as skipped with that reason, and every
 * row that pointed at it points at the one kept.
 */

const merged = (what: string) =>
  `merged into the ${what} restored before it, whose name Larder counts as the same (rows that named it now name that one)`

export function convertLabels(conversion: Conversion): void {
  const kept = new Map<string, string>()
  for (const row of conversion.rows('multi_purpose_labels')) {
    const id = uuidOf(row.id)
    const groupId = uuidOf(row.group_id)
    if (!id || !groupId || !conversion.groups.has(groupId)) {
      conversion.tally.skipped('multi_purpose_labels', missing('group_id', 'a group'))
      continue
    }
    const name = (textOf(row.name) ?? '').trim() || 'Label'
    const key = `${groupId}:${name}`
    const survivor = kept.get(key)
    if (survivor) {
      conversion.labels.set(id, survivor)
      conversion.tally.skipped('multi_purpose_labels', merged('label'))
      continue
    }
    kept.set(key, id)
    conversion.labels.set(id, id)
    conversion.emit('multi_purpose_labels', {
      id,
      group_id: groupId,
      name,
      color: textOf(row.color) || '#959595',
      ...stamps(conversion, row),
    })
    conversion.tally.restored('multi_purpose_labels')
  }
}

/** Key/value rows (`*_extras`) as the object Larder keeps in an `extras` column. */
function extrasOf(rows: ReadonlyArray<Record<string, unknown>> | undefined): Record<string, string> {
  const extras: Record<string, string> = {}
  for (const row of rows ?? []) {
    const key = textOf(row.key_name)
    if (key) extras[key] = textOf(row.value) ?? ''
  }
  return extras
}
export { extrasOf }

/** Foods or units: one per name key per group, their aliases, and (foods) their extras and label. */
function convertIngredientVocabulary(conversion: Conversion, kind: 'food' | 'unit'): void {
  const table = kind === 'food' ? 'ingredient_foods' : 'ingredient_units'
  const ids = kind === 'food' ? conversion.foods : conversion.units
  const extras = conversion.byParent('ingredient_food_extras', 'ingredient_food_id')
  const kept = new Map<string, string>()
  for (const row of conversion.rows(table)) {
    const id = uuidOf(row.id)
    const groupId = uuidOf(row.group_id)
    if (!id || !groupId || !conversion.groups.has(groupId)) {
      conversion.tally.skipped(table, missing('group_id', 'a group'))
      continue
    }
    const name = (textOf(row.name) ?? '').trim()
    if (!name) {
      conversion.tally.skipped(table, `a ${kind} without a name, which Larder cannot hold`)
      continue
    }
    let labelId: string | null = null
    if (kind === 'food' && row.label_id != null) {
      labelId = conversion.labels.get(uuidOf(row.label_id) ?? '') ?? null
      if (!labelId) {
        conversion.tally.skipped(table, missing('label_id', 'a label'))
        continue
      }
    }
    const key = `${groupId}:${ingredientNameKey(name)}`
    const survivor = kept.get(key)
    if (survivor) {
      ids.set(id, survivor)
      conversion.tally.skipped(table, merged(kind))
      continue
    }
    kept.set(key, id)
    ids.set(id, id)
    const common = {
      id,
      group_id: groupId,
      name,
      plural_name: textOf(row.plural_name),
      description: textOf(row.description) ?? '',
      ...stamps(conversion, row),
    }
    conversion.emit(
      table,
      kind === 'food'
        ? { ...common, extras: extrasOf(extras.get(id)), label_id: labelId }
        : {
            ...common,
            extras: {},
            fraction: booleanOf(row.fraction, true),
            abbreviation: textOf(row.abbreviation) ?? '',
            plural_abbreviation: textOf(row.plural_abbreviation) ?? '',
            use_abbreviation: booleanOf(row.use_abbreviation, false),
          },
    )
    conversion.tally.restored(table)
  }
}

export function convertFoodsAndUnits(conversion: Conversion): void {
  convertIngredientVocabulary(conversion, 'food')
  conversion.foldedInto('ingredient_food_extras', 'ingredient_food_id', conversion.foods, 'a food')
  convertIngredientVocabulary(conversion, 'unit')

  for (const [table, parentColumn, ids, target, targetColumn] of [
    ['ingredient_foods_aliases', 'food_id', conversion.foods, 'ingredient_food_aliases', 'food_id'],
    ['ingredient_units_aliases', 'unit_id', conversion.units, 'ingredient_unit_aliases', 'unit_id'],
  ] as const) {
    for (const row of conversion.rows(table)) {
      const parent = ids.get(uuidOf(row[parentColumn]) ?? '')
      const name = (textOf(row.name) ?? '').trim()
      if (!parent)
        conversion.tally.skipped(table, missing(parentColumn, parentColumn === 'food_id' ? 'a food' : 'a unit'))
      else if (!name) conversion.tally.skipped(table, 'an alias without a name')
      else {
        conversion.emit(target, { id: uuidOf(row.id) ?? stableId(table, String(row.id)), [targetColumn]: parent, name })
        conversion.tally.restored(table)
      }
    }
  }

  // On hand: per household from b9e516e2d3b3; before it a flag on the food, which that migration gave every household.
  const onHand = new Set<string>()
  const markOnHand = (foodId: string, householdId: string) => {
    if (onHand.has(`${foodId}:${householdId}`)) return false
    onHand.add(`${foodId}:${householdId}`)
    conversion.emit('ingredient_foods_on_hand', { food_id: foodId, household_id: householdId })
    return true
  }
  if (conversion.before('b9e516e2d3b3')) {
    for (const row of conversion.rows('ingredient_foods')) {
      const foodId = uuidOf(row.id)
      if (!foodId || conversion.foods.get(foodId) !== foodId || !booleanOf(row.on_hand, false)) continue
      for (const householdId of conversion.householdsOfGroup.get(uuidOf(row.group_id) ?? '') ?? []) {
        markOnHand(foodId, householdId)
      }
    }
  }
  for (const row of conversion.rows('households_to_ingredient_foods')) {
    const foodId = conversion.foods.get(uuidOf(row.food_id) ?? '')
    const householdId = uuidOf(row.household_id)
    if (!foodId) conversion.tally.skipped('households_to_ingredient_foods', missing('food_id', 'a food'))
    else if (!householdId || !conversion.households.has(householdId)) {
      conversion.tally.skipped('households_to_ingredient_foods', missing('household_id', 'a household'))
    } else {
      markOnHand(foodId, householdId)
      conversion.tally.restored('households_to_ingredient_foods')
    }
  }
}

export function convertOrganizers(conversion: Conversion): void {
  for (const [table, ids] of [
    ['categories', conversion.categories],
    ['tags', conversion.tags],
    ['tools', conversion.tools],
  ] as const) {
    const names = new Map<string, string>()
    const slugs = new Map<string, string>()
    for (const row of conversion.rows(table)) {
      const id = uuidOf(row.id)
      const groupId = uuidOf(row.group_id)
      if (!id || !groupId || !conversion.groups.has(groupId)) {
        conversion.tally.skipped(table, missing('group_id', 'a group'))
        continue
      }
      const name = (textOf(row.name) ?? '').trim() || 'Untitled'
      const slug = textOf(row.slug) || slugify(name) || id
      const survivor = names.get(`${groupId}:${name}`) ?? slugs.get(`${groupId}:${slug}`)
      if (survivor) {
        ids.set(id, survivor)
        conversion.tally.skipped(table, merged(table.slice(0, -1).replace(/ie$/, 'y')))
        continue
      }
      names.set(`${groupId}:${name}`, id)
      slugs.set(`${groupId}:${slug}`, id)
      ids.set(id, id)
      conversion.emit(table, { id, group_id: groupId, name, slug, ...stamps(conversion, row) })
      conversion.tally.restored(table)
    }
  }

  const onHand = new Set<string>()
  const markOnHand = (toolId: string, householdId: string) => {
    if (onHand.has(`${toolId}:${householdId}`)) return
    onHand.add(`${toolId}:${householdId}`)
    conversion.emit('tools_on_hand', { tool_id: toolId, household_id: householdId })
  }
  if (conversion.before('b9e516e2d3b3')) {
    for (const row of conversion.rows('tools')) {
      const toolId = uuidOf(row.id)
      if (!toolId || conversion.tools.get(toolId) !== toolId || !booleanOf(row.on_hand, false)) continue
      for (const householdId of conversion.householdsOfGroup.get(uuidOf(row.group_id) ?? '') ?? []) {
        markOnHand(toolId, householdId)
      }
    }
  }
  for (const row of conversion.rows('households_to_tools')) {
    const toolId = conversion.tools.get(uuidOf(row.tool_id) ?? '')
    const householdId = uuidOf(row.household_id)
    if (!toolId) conversion.tally.skipped('households_to_tools', missing('tool_id', 'a tool'))
    else if (!householdId || !conversion.households.has(householdId)) {
      conversion.tally.skipped('households_to_tools', missing('household_id', 'a household'))
    } else {
      markOnHand(toolId, householdId)
      conversion.tally.restored('households_to_tools')
    }
  }

  for (const _row of conversion.rows('group_to_categories')) {
    conversion.tally.skipped(
      'group_to_categories',
      noCounterpart("Mealie's legacy group categories, unused by its API"),
    )
  }
}
