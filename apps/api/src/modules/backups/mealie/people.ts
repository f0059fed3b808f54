import { slugify } from '../../../lib/slugs.js'
import { type Conversion, missing } from './context.js'
import { booleanOf, numberOf, stableId, textOf, timestampOf, uuidOf } from './values.js'

/** Mealie's DEFAULT_HOUSEHOLD: the name its households migration gives the one household it makes per group. */
const defaultHouseholdName = 'Family'

/** The preference columns Mealie moved from groups to households (feecc8ffb956), with its defaults. */
const householdPreferenceDefaults = {
  first_day_of_week: 0,
  recipe_public: true,
  recipe_show_nutrition: false,
  recipe_show_assets: false,
  recipe_landscape_view: false,
  recipe_disable_comments: false,
  recipe_disable_amount: true,
} as const

function stamps(conversion: Conversion, row: Record<string, unknown>) {
  const createdAt = timestampOf(row.created_at) ?? conversion.now
  return { created_at: createdAt, updated_at: timestampOf(row.update_at) ?? createdAt }
}

/** A name not yet in `taken` (compared case-insensitively): the name itself, else `name (2)`, `name (3)`… */
export function freeName(name: string, taken: Set<string>): string {
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${name} (${n})`
  taken.add(candidate.toLowerCase())
  return candidate
}

/** A slug not yet in `taken`: the slug itself, else `slug-1`, `slug-2`… as Mealie numbers them. */
export function freeSlug(slug: string, taken: Set<string>): string {
  let candidate = slug
  for (let n = 1; taken.has(candidate); n += 1) candidate = `${slug}-${n}`
  taken.add(candidate)
  return candidate
}

export function convertGroups(conversion: Conversion): void {
  const names = new Set<string>()
  const slugs = new Set<string>()
  for (const row of conversion.rows('groups')) {
    const id = uuidOf(row.id)
    if (!id) {
      conversion.tally.skipped('groups', 'its id is not a uuid')
      continue
    }
    const original = (textOf(row.name) ?? '').trim() || 'Group'
    const name = freeName(original, names)
    if (name !== original) conversion.tally.note('groups', 'a group of the same name was restored first: renamed')
    const slug = freeSlug(textOf(row.slug) || slugify(name) || 'group', slugs)
    conversion.emit('groups', { id, name, slug, ...stamps(conversion, row) })
    conversion.groups.set(id, { groupId: id, name })
    conversion.tally.restored('groups')
  }

  const preferences = new Set<string>()
  for (const row of conversion.rows('group_preferences')) {
    const groupId = uuidOf(row.group_id)
    if (!groupId || !conversion.groups.has(groupId)) {
      conversion.tally.skipped('group_preferences', missing('group_id', 'a group'))
    } else if (preferences.has(groupId)) {
      conversion.tally.skipped('group_preferences', 'a second preferences row for one group: Larder keeps one')
    } else {
      preferences.add(groupId)
      conversion.emit('group_preferences', {
        group_id: groupId,
        private_group: booleanOf(row.private_group, true),
        ...stamps(conversion, row),
      })
      conversion.tally.restored('group_preferences')
    }
  }
  for (const groupId of conversion.groups.keys()) {
    if (preferences.has(groupId)) continue
    conversion.emit('group_preferences', {
      group_id: groupId,
      private_group: true,
      created_at: conversion.now,
      updated_at: conversion.now,
    })
    conversion.tally.note('groups', 'had no preferences row: given the defaults')
  }
}

function addHousehold(conversion: Conversion, id: string, groupId: string): void {
  conversion.households.set(id, { groupId, householdId: id })
  conversion.householdsOfGroup.set(groupId, [...(conversion.householdsOfGroup.get(groupId) ?? []), id])
}

/**
 * Households as Mealie 2.0 has them; a backup from before households (feecc8ffb956) gets what that migration made:
 * one household per group, named DEFAULT_HOUSEHOLD, its preferences copied from the group's.
 */
export function convertHouseholds(conversion: Conversion): void {
  if (conversion.before('feecc8ffb956')) {
    const groupPreferences = new Map(
      conversion.rows('group_preferences').map((row) => [uuidOf(row.group_id) ?? '', row] as const),
    )
    for (const groupId of conversion.groups.keys()) {
      const id = stableId('household', groupId)
      const from = groupPreferences.get(groupId) ?? {}
      conversion.emit('households', {
        id,
        group_id: groupId,
        name: defaultHouseholdName,
        slug: slugify(defaultHouseholdName),
        created_at: conversion.now,
        updated_at: conversion.now,
      })
      const copied = Object.fromEntries(
        Object.entries(householdPreferenceDefaults).map(([column, fallback]) => [
          column,
          typeof fallback === 'boolean' ? booleanOf(from[column], fallback) : (numberOf(from[column]) ?? fallback),
        ]),
      )
      conversion.emit('household_preferences', {
        household_id: id,
        private_household: booleanOf(from.private_group, true),
        lock_recipe_edits_from_other_households: true,
        ...copied,
        created_at: conversion.now,
        updated_at: conversion.now,
      })
      addHousehold(conversion, id, groupId)
    }
    return
  }

  const namesByGroup = new Map<string, Set<string>>()
  const slugsByGroup = new Map<string, Set<string>>()
  for (const row of conversion.rows('households')) {
    const id = uuidOf(row.id)
    const groupId = uuidOf(row.group_id)
    if (!id || !groupId || !conversion.groups.has(groupId)) {
      conversion.tally.skipped('households', missing('group_id', 'a group'))
      continue
    }
    const names = namesByGroup.get(groupId) ?? new Set()
    const slugs = slugsByGroup.get(groupId) ?? new Set()
    namesByGroup.set(groupId, names)
    slugsByGroup.set(groupId, slugs)
    const name = freeName((textOf(row.name) ?? '').trim() || defaultHouseholdName, names)
    const slug = freeSlug(textOf(row.slug) || slugify(name) || 'household', slugs)
    conversion.emit('households', { id, group_id: groupId, name, slug, ...stamps(conversion, row) })
    addHousehold(conversion, id, groupId)
    conversion.tally.restored('households')
  }

  const withPreferences = new Set<string>()
  for (const row of conversion.rows('household_preferences')) {
    const householdId = uuidOf(row.household_id)
    if (!householdId || !conversion.households.has(householdId)) {
      conversion.tally.skipped('household_preferences', missing('household_id', 'a household'))
      continue
    }
    if (withPreferences.has(householdId)) {
      conversion.tally.skipped('household_preferences', 'a second preferences row for one household: Larder keeps one')
      continue
    }
    withPreferences.add(householdId)
    conversion.emit('household_preferences', {
      household_id: householdId,
      private_household: booleanOf(row.private_household, true),
      lock_recipe_edits_from_other_households: booleanOf(row.lock_recipe_edits_from_other_households, true),
      first_day_of_week: numberOf(row.first_day_of_week) ?? 0,
      recipe_public: booleanOf(row.recipe_public, true),
      recipe_show_nutrition: booleanOf(row.recipe_show_nutrition, false),
      recipe_show_assets: booleanOf(row.recipe_show_assets, false),
      recipe_landscape_view: booleanOf(row.recipe_landscape_view, false),
      recipe_disable_comments: booleanOf(row.recipe_disable_comments, false),
      recipe_disable_amount: booleanOf(row.recipe_disable_amount, true),
      ...stamps(conversion, row),
    })
    conversion.tally.restored('household_preferences')
  }
  for (const householdId of conversion.households.keys()) {
    if (withPreferences.has(householdId)) continue
    conversion.emit('household_preferences', {
      household_id: householdId,
      ...householdPreferenceDefaults,
      private_household: true,
      lock_recipe_edits_from_other_households: true,
      created_at: conversion.now,
      updated_at: conversion.now,
    })
  }
}

const authMethods = new Set(['Mealie', 'LDAP', 'OIDC'])

/**
 * Users keep their id, so profile pictures and anything naming them keep working, and their bcrypt password hash,
 * which sign-in verifies and replaces by argon2 (lib/passwords.ts). LDAP and OIDC users carry a placeholder in
 * Mealie, not a hash: they get none.
 */
export function convertUsers(conversion: Conversion): void {
  const emails = new Set<string>()
  const usernames = new Set<string>()
  for (const row of conversion.rows('users')) {
    const id = uuidOf(row.id)
    const groupId = uuidOf(row.group_id)
    if (!id || !groupId || !conversion.groups.has(groupId)) {
      conversion.tally.skipped('users', missing('group_id', 'a group'))
      continue
    }
    let householdId = uuidOf(row.household_id)
    if (householdId && !conversion.households.has(householdId)) {
      conversion.tally.skipped('users', missing('household_id', 'a household'))
      continue
    }
    if (!householdId) {
      householdId = conversion.defaultHousehold(groupId)
      if (!conversion.before('feecc8ffb956')) {
        conversion.tally.note('users', 'had no household: placed in the first household of their group')
      }
    }
    const email = (textOf(row.email) ?? '').trim()
    if (!email || !householdId) {
      conversion.tally.skipped(
        'users',
        email ? 'their group has no household' : 'no e-mail address, which Larder requires',
      )
      continue
    }
    if (emails.has(email.toLowerCase())) {
      conversion.tally.skipped('users', 'the same e-mail address (in any letter case) as a user restored before')
      continue
    }
    emails.add(email.toLowerCase())
    let username = textOf(row.username)?.trim() || textOf(row.full_name)?.trim() || null
    if (username && usernames.has(username.toLowerCase())) {
      const original = username
      username = freeName(original, usernames)
      conversion.tally.note('users', 'the same username (in any letter case) as a user restored before: renamed')
    } else if (username) {
      usernames.add(username.toLowerCase())
    }
    const authMethod = authMethods.has(String(row.auth_method)) ? String(row.auth_method) : 'Mealie'
    const password = textOf(row.password)
    const admin = booleanOf(row.admin, false)
    // Mealie forces every permission on for administrators whenever it saves one (docs/mealie-compatibility.md "Users, groups and households").
    const permission = (value: unknown, fallback: boolean) => admin || booleanOf(value, fallback)
    conversion.emit('users', {
      id,
      username,
      full_name: textOf(row.full_name),
      email,
      password_hash:
        authMethod === 'Mealie' && password && password !== 'LDAP' && password !== 'OIDC' ? password : null,
      auth_method: authMethod,
      admin,
      advanced: permission(row.advanced, false),
      can_invite: permission(row.can_invite, false),
      can_manage: permission(row.can_manage, false),
      // be568e39ffdf: households' management permission starts as the admin flag.
      can_manage_household: permission(row.can_manage_household, admin),
      can_organize: permission(row.can_organize, false),
      group_id: groupId,
      household_id: householdId,
      cache_key: textOf(row.cache_key) || '1234',
      failed_login_attempts: numberOf(row.login_attemps) ?? 0,
      locked_at: timestampOf(row.locked_at),
      ...stamps(conversion, row),
    })
    conversion.users.set(id, { groupId, householdId, admin })
    if (
      !conversion.stewards.has(groupId) ||
      (admin && !conversion.users.get(conversion.stewards.get(groupId)!)?.admin)
    ) {
      conversion.stewards.set(groupId, id)
    }
    conversion.tally.restored('users')
  }
}

export { stamps }
