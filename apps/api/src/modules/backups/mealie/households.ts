import { hashToken } from '../../../lib/token-hash.js'
import { slugify } from '../../../lib/slugs.js'
import { maskAppriseUrl } from '../../notifiers/index.js'
import { newWebhookSecret } from '../../webhooks/index.js'
import type { MealieSecrets } from './secrets.js'
import { type Conversion, missing, noCounterpart } from './context.js'
import { extrasOf } from './kitchen.js'
import { freeSlug, stamps } from './people.js'
import { booleanOf, dateOf, numberOf, stableId, textOf, timestampOf, uuidOf } from './values.js'

/**
 * What households own: cookbooks, meal plans and their rules, shopping lists, notifiers, webhooks, recipe actions and
 * invitations. Before households (feecc8ffb956) these belonged to the group, and go to the one household the
 * conversion made for it; meal plans and shopping lists follow their user, as in Mealie.
 */

/** The household a row belongs to: its own column from 2.0 on, else its group's one household. */
function householdOf(
  conversion: Conversion,
  table: string,
  row: Record<string, unknown>,
  groupId: string,
): string | null {
  const own = uuidOf(row.household_id)
  if (own) return conversion.households.get(own)?.groupId === groupId ? own : null
  if (row.household_id != null) return null
  return conversion.defaultHousehold(groupId)
}

function groupOf(conversion: Conversion, table: string, row: Record<string, unknown>): string | null {
  const groupId = uuidOf(row.group_id)
  if (groupId && conversion.groups.has(groupId)) return groupId
  conversion.tally.skipped(table, missing('group_id', 'a group'))
  return null
}

/** A query filter from organizer links, as 86054b40fd06 wrote it for cookbooks (`IN` unless "require all"). */
function organizerFilter(parts: Array<{ attribute: string; ids: string[]; requireAll: boolean }>): string {
  return parts
    .filter((part) => part.ids.length > 0)
    .map(
      (part) =>
        `${part.attribute} ${part.requireAll ? 'CONTAINS ALL' : 'IN'} [${part.ids.map((id) => `"${id}"`).join(',')}]`,
    )
    .join(' AND ')
}

/** Link rows from one parent to organizers, resolved to the organizers restored (merged ones to their survivor). */
function linkedIds(
  conversion: Conversion,
  table: string,
  parentColumn: string,
  column: string,
  ids: Map<string, string>,
): Map<string, string[]> {
  const linked = new Map<string, string[]>()
  for (const row of conversion.rows(table)) {
    const parent = uuidOf(row[parentColumn]) ?? ''
    const target = ids.get(uuidOf(row[column]) ?? '')
    if (target) linked.set(parent, [...new Set([...(linked.get(parent) ?? []), target])])
  }
  return linked
}

/** Counts legacy link tables: folded into their parent's filter before `migration`, unused by Mealie after it. */
function countLinks(
  conversion: Conversion,
  table: string,
  parentColumn: string,
  parents: Set<string>,
  column: string,
  ids: Map<string, string>,
  folded: boolean,
): void {
  for (const row of conversion.rows(table)) {
    if (!folded)
      conversion.tally.skipped(
        table,
        noCounterpart('a legacy link Mealie keeps but no longer reads: the query filter says it'),
      )
    else if (!parents.has(uuidOf(row[parentColumn]) ?? ''))
      conversion.tally.skipped(table, missing(parentColumn, 'a row'))
    else if (!ids.has(uuidOf(row[column]) ?? '')) conversion.tally.skipped(table, missing(column, 'a row'))
    else conversion.tally.restored(table)
  }
}

export function convertCookbooks(conversion: Conversion): void {
  const folded = conversion.before('86054b40fd06')
  const categories = linkedIds(
    conversion,
    'cookbooks_to_categories',
    'cookbook_id',
    'category_id',
    conversion.categories,
  )
  const tags = linkedIds(conversion, 'cookbooks_to_tags', 'cookbook_id', 'tag_id', conversion.tags)
  const tools = linkedIds(conversion, 'cookbooks_to_tools', 'cookbook_id', 'tool_id', conversion.tools)
  const slugsByGroup = new Map<string, Set<string>>()
  for (const row of conversion.rows('cookbooks')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'cookbooks', row)
    if (!id || !groupId) continue
    const householdId = householdOf(conversion, 'cookbooks', row, groupId)
    if (!householdId) {
      conversion.tally.skipped('cookbooks', missing('household_id', 'a household'))
      continue
    }
    const slugs = slugsByGroup.get(groupId) ?? new Set<string>()
    slugsByGroup.set(groupId, slugs)
    const name = (textOf(row.name) ?? '').trim() || 'Cookbook'
    const wanted = textOf(row.slug) || slugify(name) || id
    const slug = freeSlug(wanted, slugs)
    if (slug !== wanted)
      conversion.tally.note('cookbooks', 'its slug was taken in its group: numbered as Mealie numbers them')
    const queryFilterString = folded
      ? organizerFilter([
          {
            attribute: 'recipe_category.id',
            ids: categories.get(id) ?? [],
            requireAll: booleanOf(row.require_all_categories, true),
          },
          { attribute: 'tags.id', ids: tags.get(id) ?? [], requireAll: booleanOf(row.require_all_tags, true) },
          { attribute: 'tools.id', ids: tools.get(id) ?? [], requireAll: booleanOf(row.require_all_tools, true) },
        ])
      : (textOf(row.query_filter_string) ?? '')
    conversion.emit('cookbooks', {
      id,
      group_id: groupId,
      household_id: householdId,
      name,
      slug,
      description: textOf(row.description) ?? '',
      position: numberOf(row.position) ?? 1,
      public: booleanOf(row.public, false),
      query_filter_string: queryFilterString,
      ...stamps(conversion, row),
    })
    conversion.cookbooks.add(id)
    conversion.tally.restored('cookbooks')
  }
  countLinks(
    conversion,
    'cookbooks_to_categories',
    'cookbook_id',
    conversion.cookbooks,
    'category_id',
    conversion.categories,
    folded,
  )
  countLinks(conversion, 'cookbooks_to_tags', 'cookbook_id', conversion.cookbooks, 'tag_id', conversion.tags, folded)
  countLinks(conversion, 'cookbooks_to_tools', 'cookbook_id', conversion.cookbooks, 'tool_id', conversion.tools, folded)
}

const entryTypes = new Set(['breakfast', 'lunch', 'dinner', 'side', 'snack', 'drink', 'dessert'])

export function convertMealPlans(conversion: Conversion): void {
  for (const row of conversion.rows('group_meal_plans')) {
    const groupId = groupOf(conversion, 'group_meal_plans', row)
    if (!groupId) continue
    let userId = uuidOf(row.user_id)
    if (row.user_id != null && (!userId || conversion.users.get(userId)?.groupId !== groupId)) {
      conversion.tally.skipped('group_meal_plans', missing('user_id', 'a user'))
      continue
    }
    if (!userId) {
      // Before 165d943c64ee entries had no user; Larder's belong to a household, through a user as in Mealie.
      userId = conversion.stewards.get(groupId) ?? null
      if (!userId) {
        conversion.tally.skipped('group_meal_plans', 'no user, and its group has no user to take it over')
        continue
      }
      conversion.tally.note('group_meal_plans', "had no user: given to their group's first administrator")
    }
    const recipeId = uuidOf(row.recipe_id)
    if (row.recipe_id != null && (!recipeId || !conversion.recipes.has(recipeId))) {
      conversion.tally.skipped('group_meal_plans', missing('recipe_id', 'a recipe'))
      continue
    }
    const date = dateOf(row.date)
    const entryType = String(row.entry_type)
    const id = numberOf(row.id)
    if (!date || id === null || !Number.isInteger(id)) {
      conversion.tally.skipped('group_meal_plans', 'no date (or no id), which a planned meal needs')
      continue
    }
    if (!entryTypes.has(entryType)) {
      conversion.tally.note(
        'group_meal_plans',
        "an entry type Larder does not know: planned as breakfast, Mealie's default",
      )
    }
    conversion.emit('meal_plan_entries', {
      id,
      group_id: groupId,
      household_id: conversion.users.get(userId)!.householdId,
      user_id: userId,
      date,
      entry_type: entryTypes.has(entryType) ? entryType : 'breakfast',
      title: textOf(row.title) ?? '',
      text: textOf(row.text) ?? '',
      recipe_id: recipeId,
      locked: false,
      servings: null,
      ...stamps(conversion, row),
    })
    conversion.tally.restored('group_meal_plans')
  }

  const folded = conversion.before('86054b40fd06')
  const categories = linkedIds(
    conversion,
    'plan_rules_to_categories',
    'group_plan_rule_id',
    'category_id',
    conversion.categories,
  )
  const tags = linkedIds(conversion, 'plan_rules_to_tags', 'plan_rule_id', 'tag_id', conversion.tags)
  const households = new Map<string, string>([...conversion.households.keys()].map((id) => [id, id]))
  const ruleHouseholds = linkedIds(
    conversion,
    'plan_rules_to_households',
    'group_plan_rule_id',
    'household_id',
    households,
  )
  for (const row of conversion.rows('group_meal_plan_rules')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'group_meal_plan_rules', row)
    if (!id || !groupId) continue
    const householdId = householdOf(conversion, 'group_meal_plan_rules', row, groupId)
    if (!householdId) {
      conversion.tally.skipped('group_meal_plan_rules', missing('household_id', 'a household'))
      continue
    }
    const day = textOf(row.day)
    const entryType = textOf(row.entry_type)
    // 86054b40fd06: a rule's categories and tags must all match; its households are any of them.
    const queryFilterString = folded
      ? [
          organizerFilter([
            { attribute: 'recipe_category.id', ids: categories.get(id) ?? [], requireAll: true },
            { attribute: 'tags.id', ids: tags.get(id) ?? [], requireAll: true },
            { attribute: 'household_id', ids: ruleHouseholds.get(id) ?? [], requireAll: false },
          ]),
        ].join('')
      : (textOf(row.query_filter_string) ?? '')
    conversion.emit('meal_plan_rules', {
      id,
      group_id: groupId,
      household_id: householdId,
      name: '',
      days: day && day !== 'unset' ? [day] : [],
      entry_types: entryType && entryType !== 'unset' ? [entryType] : [],
      query_filter_string: queryFilterString,
      at_most_per_week: null,
      at_least_per_week: null,
      ...stamps(conversion, row),
    })
    conversion.planRules.add(id)
    conversion.tally.restored('group_meal_plan_rules')
  }
  countLinks(
    conversion,
    'plan_rules_to_categories',
    'group_plan_rule_id',
    conversion.planRules,
    'category_id',
    conversion.categories,
    folded,
  )
  countLinks(conversion, 'plan_rules_to_tags', 'plan_rule_id', conversion.planRules, 'tag_id', conversion.tags, folded)
  countLinks(
    conversion,
    'plan_rules_to_households',
    'group_plan_rule_id',
    conversion.planRules,
    'household_id',
    households,
    folded,
  )
}

export function convertShopping(conversion: Conversion): void {
  const listExtras = conversion.byParent('shopping_list_extras', 'shopping_list_id')
  for (const row of conversion.rows('shopping_lists')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'shopping_lists', row)
    if (!id || !groupId) continue
    let userId = uuidOf(row.user_id)
    if (row.user_id != null && (!userId || conversion.users.get(userId)?.groupId !== groupId)) {
      conversion.tally.skipped('shopping_lists', missing('user_id', 'a user'))
      continue
    }
    if (!userId) {
      // 2298bb460ffd gave each list its group's first admin (else first user), and deleted lists of groups without users.
      userId = conversion.stewards.get(groupId) ?? null
      if (!userId) {
        conversion.tally.skipped('shopping_lists', 'no user, and its group has none: Mealie deletes such lists too')
        continue
      }
    }
    const householdId = conversion.users.get(userId)!.householdId
    conversion.emit('shopping_lists', {
      id,
      group_id: groupId,
      household_id: householdId,
      user_id: userId,
      name: textOf(row.name),
      extras: extrasOf(listExtras.get(id)),
      version: 0,
      tombstones_pruned_through: 0,
      ...stamps(conversion, row),
    })
    conversion.shoppingLists.set(id, { groupId, householdId })
    conversion.tally.restored('shopping_lists')
  }
  conversion.foldedInto('shopping_list_extras', 'shopping_list_id', conversion.shoppingLists, 'a shopping list')

  const labelPairs = new Set<string>()
  for (const row of conversion.rows('shopping_lists_multi_purpose_labels')) {
    const listId = uuidOf(row.shopping_list_id)
    const labelId = conversion.labels.get(uuidOf(row.label_id) ?? '')
    const table = 'shopping_lists_multi_purpose_labels'
    if (!listId || !conversion.shoppingLists.has(listId))
      conversion.tally.skipped(table, missing('shopping_list_id', 'a shopping list'))
    else if (!labelId) conversion.tally.skipped(table, missing('label_id', 'a label'))
    else if (labelPairs.has(`${listId}:${labelId}`))
      conversion.tally.skipped(table, 'the list already orders this label (or one merged with it)')
    else {
      labelPairs.add(`${listId}:${labelId}`)
      conversion.emit('shopping_list_labels', {
        id: uuidOf(row.id) ?? stableId(table, String(row.id)),
        list_id: listId,
        label_id: labelId,
        position: numberOf(row.position) ?? 0,
      })
      conversion.tally.restored(table)
    }
  }

  const recipeRefs = new Map<string, Record<string, unknown>>()
  for (const row of conversion.rows('shopping_list_recipe_reference')) {
    const table = 'shopping_list_recipe_reference'
    const listId = uuidOf(row.shopping_list_id)
    const recipeId = uuidOf(row.recipe_id)
    if (!listId || !conversion.shoppingLists.has(listId))
      conversion.tally.skipped(table, missing('shopping_list_id', 'a shopping list'))
    else if (!recipeId || !conversion.recipes.has(recipeId))
      conversion.tally.skipped(table, missing('recipe_id', 'a recipe'))
    else {
      const existing = recipeRefs.get(`${listId}:${recipeId}`)
      if (existing) {
        existing.recipe_quantity = (existing.recipe_quantity as number) + (numberOf(row.recipe_quantity) ?? 0)
        conversion.tally.note(table, 'the same recipe twice on one list: its quantities were added')
      } else {
        const ref = {
          id: uuidOf(row.id) ?? stableId(table, String(row.id)),
          list_id: listId,
          recipe_id: recipeId,
          recipe_quantity: numberOf(row.recipe_quantity) ?? 0,
        }
        recipeRefs.set(`${listId}:${recipeId}`, ref)
        conversion.emit('shopping_list_recipes', ref)
      }
      conversion.tally.restored(table)
    }
  }

  const itemExtras = conversion.byParent('shopping_list_item_extras', 'shopping_list_item_id')
  for (const row of conversion.rows('shopping_list_items')) {
    const table = 'shopping_list_items'
    const id = uuidOf(row.id)
    const listId = uuidOf(row.shopping_list_id)
    const list = listId ? conversion.shoppingLists.get(listId) : undefined
    if (!id || !list) {
      conversion.tally.skipped(table, missing('shopping_list_id', 'a shopping list'))
      continue
    }
    const refer = (column: string, ids: Map<string, string>) =>
      row[column] == null ? null : (ids.get(uuidOf(row[column]) ?? '') ?? undefined)
    const unitId = refer('unit_id', conversion.units)
    const foodId = refer('food_id', conversion.foods)
    const labelId = refer('label_id', conversion.labels)
    const dangling =
      unitId === undefined ? 'unit_id' : foodId === undefined ? 'food_id' : labelId === undefined ? 'label_id' : null
    if (dangling) {
      conversion.tally.skipped(table, missing(dangling, `a ${dangling.replace('_id', '')}`))
      continue
    }
    const quantity = Math.max(0, numberOf(row.quantity) ?? 0)
    conversion.emit('shopping_list_items', {
      id,
      list_id: listId,
      group_id: list.groupId,
      household_id: list.householdId,
      checked: booleanOf(row.checked, false),
      position: numberOf(row.position) ?? 0,
      quantity,
      unit_id: unitId,
      food_id: foodId,
      label_id: labelId,
      note: textOf(row.note) ?? '',
      is_food: booleanOf(row.is_food, false),
      extras: extrasOf(itemExtras.get(id)),
      version: 0,
      deleted: false,
      ...stamps(conversion, row),
    })
    conversion.shoppingItems.set(id, { ...list, listId: listId!, quantity, unitId: unitId ?? null })
    conversion.tally.restored(table)
  }
  conversion.foldedInto(
    'shopping_list_item_extras',
    'shopping_list_item_id',
    conversion.shoppingItems,
    'a shopping list item',
  )

  // An item's recipe references become its shares (Larder's lines are the sum of them); what they do not explain is
  // the share people typed themselves.
  const recipeShare = new Map<string, number>()
  for (const row of conversion.rows('shopping_list_item_recipe_reference')) {
    const table = 'shopping_list_item_recipe_reference'
    const itemId = uuidOf(row.shopping_list_item_id)
    const item = itemId ? conversion.shoppingItems.get(itemId) : undefined
    const recipeId = uuidOf(row.recipe_id)
    if (!item) conversion.tally.skipped(table, missing('shopping_list_item_id', 'a shopping list item'))
    else if (!recipeId || !conversion.recipes.has(recipeId))
      conversion.tally.skipped(table, missing('recipe_id', 'a recipe'))
    else {
      const id = uuidOf(row.id) ?? stableId(table, String(row.id))
      const recipeQuantity = numberOf(row.recipe_quantity) ?? 0
      const recipeScale = numberOf(row.recipe_scale) ?? 1
      conversion.emit('shopping_list_item_shares', {
        id,
        item_id: itemId,
        source: `recipe:${recipeId}:-:${id}`,
        recipe_id: recipeId,
        mealplan_id: null,
        quantity: recipeQuantity * recipeScale,
        unit_id: item.unitId,
        recipe_quantity: recipeQuantity,
        recipe_scale: recipeScale,
        note: textOf(row.recipe_note) ?? '',
      })
      recipeShare.set(itemId!, (recipeShare.get(itemId!) ?? 0) + recipeQuantity * recipeScale)
      conversion.tally.restored(table)
    }
  }
  for (const [itemId, shared] of recipeShare) {
    const item = conversion.shoppingItems.get(itemId)!
    const own = item.quantity - shared
    if (own > 1e-9) {
      conversion.emit('shopping_list_item_shares', {
        id: stableId('shopping_list_item_shares.own', itemId),
        item_id: itemId,
        source: `own:${itemId}`,
        recipe_id: null,
        mealplan_id: null,
        quantity: own,
        unit_id: item.unitId,
        recipe_quantity: 0,
        recipe_scale: 1,
        note: '',
      })
    }
  }
}

/** Mealie's option columns that are not event flags. */
const notOptionFlags = new Set(['id', 'event_notifier_id', 'created_at', 'update_at'])

export function convertIntegrations(conversion: Conversion, options: MealieSecrets): void {
  const notifierOptions = conversion.byParent('group_events_notifier_options', 'event_notifier_id')
  const notifiers = new Set<string>()
  for (const row of conversion.rows('group_events_notifiers')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'group_events_notifiers', row)
    if (!id || !groupId) continue
    const householdId = householdOf(conversion, 'group_events_notifiers', row, groupId)
    const url = textOf(row.apprise_url)
    if (!householdId) {
      conversion.tally.skipped('group_events_notifiers', missing('household_id', 'a household'))
      continue
    }
    if (!url) {
      conversion.tally.skipped('group_events_notifiers', 'no Apprise URL')
      continue
    }
    let maskedUrl: string
    try {
      maskedUrl = maskAppriseUrl(url)
    } catch {
      maskedUrl = `${url.split('://')[0]}://***`
    }
    const flags = notifierOptions.get(id)?.[0] ?? {}
    conversion.emit('notifiers', {
      id,
      group_id: groupId,
      household_id: householdId,
      name: textOf(row.name) ?? '',
      encrypted_url: options.urlSecrets.seal(url),
      masked_url: maskedUrl,
      enabled: booleanOf(row.enabled, true),
      options_id: uuidOf(flags.id) ?? stableId('group_events_notifier_options', id),
      events: Object.entries(flags)
        .filter(([column, value]) => !notOptionFlags.has(column) && booleanOf(value, false))
        .map(([column]) => column),
      ...stamps(conversion, row),
    })
    notifiers.add(id)
    conversion.tally.restored('group_events_notifiers')
  }
  conversion.foldedInto('group_events_notifier_options', 'event_notifier_id', notifiers, 'a notifier')

  for (const row of conversion.rows('webhook_urls')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'webhook_urls', row)
    if (!id || !groupId) continue
    const householdId = householdOf(conversion, 'webhook_urls', row, groupId)
    if (!householdId) {
      conversion.tally.skipped('webhook_urls', missing('household_id', 'a household'))
      continue
    }
    const time = /^(\d{1,2}):(\d{2})/.exec(textOf(row.scheduled_time) ?? textOf(row.time) ?? '00:00')
    conversion.emit('webhooks', {
      id,
      group_id: groupId,
      household_id: householdId,
      enabled: booleanOf(row.enabled, true),
      name: textOf(row.name) ?? '',
      url: textOf(row.url) ?? '',
      webhook_type: 'mealplan',
      scheduled_time: time ? `${time[1]!.padStart(2, '0')}:${time[2]}` : '00:00',
      // Mealie's webhooks are unsigned: each gets its secret now, shown on its page for receivers that verify.
      secret: options.webhookSecrets.seal(newWebhookSecret()),
      ...stamps(conversion, row),
    })
    conversion.tally.note('webhook_urls', "Mealie's time is UTC; Larder's is the household's wall clock: check it")
    conversion.tally.restored('webhook_urls')
  }

  for (const row of conversion.rows('recipe_actions')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'recipe_actions', row)
    if (!id || !groupId) continue
    const householdId = householdOf(conversion, 'recipe_actions', row, groupId)
    if (!householdId) {
      conversion.tally.skipped('recipe_actions', missing('household_id', 'a household'))
      continue
    }
    conversion.emit('recipe_actions', {
      id,
      group_id: groupId,
      household_id: householdId,
      action_type: textOf(row.action_type) === 'post' ? 'post' : 'link',
      title: textOf(row.title) ?? '',
      url: textOf(row.url) ?? '',
      ...stamps(conversion, row),
    })
    conversion.tally.restored('recipe_actions')
  }

  const inviteHashes = new Set<string>()
  for (const row of conversion.rows('invite_tokens')) {
    const groupId = groupOf(conversion, 'invite_tokens', row)
    if (!groupId) continue
    const householdId = householdOf(conversion, 'invite_tokens', row, groupId)
    const token = textOf(row.token)
    if (!householdId) conversion.tally.skipped('invite_tokens', missing('household_id', 'a household'))
    else if (!token || inviteHashes.has(hashToken(token)))
      conversion.tally.skipped('invite_tokens', 'no token, or one already restored')
    else {
      inviteHashes.add(hashToken(token))
      const createdAt = timestampOf(row.created_at) ?? conversion.now
      conversion.emit('invite_tokens', {
        id: numberOf(row.id) ?? undefined,
        // Larder keeps only a hash of an invitation: the link Mealie sent keeps working.
        token_hash: hashToken(token),
        uses_left: numberOf(row.uses_left) ?? 1,
        group_id: groupId,
        household_id: householdId,
        // Mealie purges invitations after 4 days.
        expires_at: new Date(Date.parse(createdAt) + 4 * 86_400_000).toISOString(),
        ...stamps(conversion, row),
      })
      conversion.tally.restored('invite_tokens')
    }
  }
}

/** Reports keep their ids and entries; what Larder has no place for is counted as skipped, with why. */
export function convertLeftovers(conversion: Conversion): void {
  const reports = new Set<string>()
  const categories = new Set(['backup', 'restore', 'migration', 'bulk_import'])
  const statuses = new Set(['in-progress', 'success', 'failure', 'partial'])
  for (const row of conversion.rows('group_reports')) {
    const id = uuidOf(row.id)
    const groupId = groupOf(conversion, 'group_reports', row)
    if (!id || !groupId) continue
    if (!categories.has(String(row.category))) {
      conversion.tally.note('group_reports', 'a report category Larder does not know: kept as a migration report')
    }
    if (!statuses.has(String(row.status))) {
      conversion.tally.note('group_reports', 'a report status Larder does not know: kept as a failure')
    }
    conversion.emit('group_reports', {
      id,
      group_id: groupId,
      name: textOf(row.name) ?? '',
      category: categories.has(String(row.category)) ? row.category : 'migration',
      status: statuses.has(String(row.status)) ? row.status : 'failure',
      timestamp: timestampOf(row.timestamp) ?? timestampOf(row.created_at) ?? conversion.now,
      ...stamps(conversion, row),
    })
    reports.add(id)
    conversion.tally.restored('group_reports')
  }
  const positions = new Map<string, number>()
  for (const row of conversion.rows('report_entries')) {
    const reportId = uuidOf(row.report_id)
    if (!reportId || !reports.has(reportId)) {
      conversion.tally.skipped('report_entries', missing('report_id', 'a report'))
      continue
    }
    const position = positions.get(reportId) ?? 0
    positions.set(reportId, position + 1)
    conversion.emit('report_entries', {
      id: uuidOf(row.id) ?? stableId('report_entries', String(row.id)),
      report_id: reportId,
      position,
      success: booleanOf(row.success, true),
      message: textOf(row.message) ?? '',
      exception: textOf(row.exception) ?? '',
      timestamp: timestampOf(row.timestamp) ?? timestampOf(row.created_at) ?? conversion.now,
      ...stamps(conversion, row),
    })
    conversion.tally.restored('report_entries')
  }

  const why: Record<string, string> = {
    alembic_version: "Mealie's schema revision: read to upgrade the rows, not data",
    long_live_tokens: "API tokens are signed with Mealie's secret, which Larder does not have: make new ones",
    password_reset_tokens: 'password reset links are short-lived: ask for a new one',
    server_tasks: "Mealie's log of its own background tasks",
    group_data_exports: 'Mealie leaves export files out of its backups, so the export cannot be downloaded',
  }
  for (const [table, reason] of Object.entries(why)) {
    for (const _row of conversion.rows(table)) conversion.tally.skipped(table, noCounterpart(reason))
  }
}
