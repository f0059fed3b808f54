import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createTestDatabase } from '../../../../test/test-database.js'
import { mealieSecrets } from './secrets.js'
import { createRestoreService } from '../restore.service.js'
import { convertMealieTables } from './convert.js'

const secrets = mealieSecrets('test-secret-that-is-long-enough-for-hs256-signing')
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const stamp = { created_at: '2022-09-01T10:00:00', update_at: '2022-09-02T10:00:00.5' }

/** A backup at 44e8d670719d (2022): no households, no group slugs, favourites and one rating per recipe. */
function oldBackup() {
  const [group, admin, cook, onion, onions, soup, stew, orphan, category, tag, tool, cookbook, rule, list, item] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  ].map((n) => id(n))
  const recipe = (recipeId: string | undefined, name: string, extra: object = {}) => ({
    id: recipeId,
    group_id: group,
    user_id: cook,
    name,
    slug: 'soup',
    rating: null,
    ...stamp,
    ...extra,
  })
  return {
    ids: { group, admin, cook, onion, onions, soup, stew, orphan, category, tag, tool, cookbook, rule, list, item },
    tables: {
      alembic_version: [{ version_num: '44e8d670719d' }],
      groups: [{ id: group, name: 'Home Kitchen', ...stamp }],
      group_preferences: [
        { id: id(90), group_id: group, private_group: false, recipe_public: false, first_day_of_week: 1 },
      ],
      users: [
        {
          id: cook,
          email: 'cook@example.com',
          username: 'cook',
          password: '$2b$12$x',
          group_id: group,
          admin: false,
          ...stamp,
        },
        {
          id: admin,
          email: 'admin@example.com',
          username: 'admin',
          password: '$2b$12$y',
          group_id: group,
          admin: true,
          ...stamp,
        },
      ],
      ingredient_foods: [
        { id: onion, group_id: group, name: 'Onion', description: '', on_hand: false, ...stamp },
        { id: onions, group_id: group, name: 'onions', description: '', ...stamp },
      ],
      ingredient_units: [],
      categories: [{ id: category, group_id: group, name: 'Soups', slug: 'soups', ...stamp }],
      tags: [{ id: tag, group_id: group, name: 'Quick', slug: 'quick', ...stamp }],
      tools: [{ id: tool, group_id: group, name: 'Pot', slug: 'pot', on_hand: true, ...stamp }],
      recipes: [recipe(soup, 'Soup', { rating: 4, last_made: '2022-08-30T18:00:00' }), recipe(stew, 'Soup')],
      recipe_settings: [{ id: id(91), recipe_id: soup, disable_amount: true, public: true }],
      recipes_ingredients: [
        { id: 1, recipe_id: soup, position: 0, food_id: onions, quantity: 1, note: '', reference_id: id(92) },
        { id: 2, recipe_id: orphan, position: 0, quantity: 2, note: 'lost' },
      ],
      users_to_favorites: [{ user_id: cook, recipe_id: stew }],
      cookbooks: [
        {
          id: cookbook,
          group_id: group,
          name: 'Weeknight',
          slug: 'weeknight',
          position: 1,
          public: false,
          require_all_categories: false,
          require_all_tags: true,
          ...stamp,
        },
      ],
      cookbooks_to_categories: [{ cookbook_id: cookbook, category_id: category }],
      cookbooks_to_tags: [{ cookbook_id: cookbook, tag_id: tag }],
      group_meal_plan_rules: [{ id: rule, group_id: group, day: 'monday', entry_type: 'unset', ...stamp }],
      plan_rules_to_categories: [{ group_plan_rule_id: rule, category_id: category }],
      group_meal_plans: [
        {
          id: 7,
          group_id: group,
          date: '2022-09-05',
          entry_type: 'dinner',
          recipe_id: soup,
          title: '',
          text: '',
          ...stamp,
        },
      ],
      shopping_lists: [{ id: list, group_id: group, name: 'Market', ...stamp }],
      shopping_list_items: [
        {
          id: item,
          shopping_list_id: list,
          quantity: 3,
          food_id: onion,
          note: '',
          is_food: true,
          checked: false,
          position: 0,
          ...stamp,
        },
      ],
      shopping_list_item_recipe_reference: [
        { id: id(93), shopping_list_item_id: item, recipe_id: soup, recipe_quantity: 2, ...stamp },
      ],
    } as Record<string, Record<string, unknown>[]>,
  }
}

describe('a backup from before households is upgraded as Mealie upgrades it', () => {
  const { ids, tables } = oldBackup()
  const { dump, report } = convertMealieTables({ revision: '44e8d670719d', tables, dataFiles: new Map() }, secrets)
  const rows = (table: string) => dump.tables[table] ?? []

  it('gives each group one household, "Family", with the preferences the group had', () => {
    expect(rows('groups')).toEqual([expect.objectContaining({ id: ids.group, slug: 'home-kitchen' })])
    const [household] = rows('households')
    expect(household).toMatchObject({ group_id: ids.group, name: 'Family', slug: 'family' })
    expect(rows('household_preferences')).toEqual([
      expect.objectContaining({
        household_id: household!.id,
        private_household: false,
        recipe_public: false,
        first_day_of_week: 1,
      }),
    ])
    expect(rows('users').map((user) => user.household_id)).toEqual([household!.id, household!.id])
  })

  it('merges foods Larder counts as one, and points their ingredients and items at the one kept', () => {
    expect(rows('ingredient_foods').map((food) => food.name)).toEqual(['Onion'])
    expect(report.tables.ingredient_foods).toMatchObject({ restored: 1, skipped: 1 })
    expect(rows('recipe_ingredients')[0]).toMatchObject({ food_id: ids.onion })
  })

  it('prunes rows whose parent is not in the backup, saying why', () => {
    expect(report.tables.recipes_ingredients).toMatchObject({ restored: 1, skipped: 1 })
    expect(report.tables.recipes_ingredients!.reasons[0]).toMatch(/recipe_id names a recipe that is not in the backup/)
  })

  it('numbers a slug its group already has, keeping every recipe and its id', () => {
    expect(rows('recipes').map((recipe) => [recipe.id, recipe.slug])).toEqual([
      [ids.soup, 'soup'],
      [ids.stew, 'soup-1'],
    ])
  })

  it('zeroes the placeholder quantity of recipes that hide amounts (d7b3ce6fa31a)', () => {
    expect(rows('recipe_ingredients')[0]).toMatchObject({ quantity: 0 })
  })

  it("copies a recipe's rating to every user of its group, keeps favourites, and averages them on the recipe", () => {
    const ratings = rows('user_recipe_ratings').map((rating) => [
      rating.user_id,
      rating.recipe_id,
      rating.rating,
      rating.is_favorite,
    ])
    expect(ratings).toEqual(
      expect.arrayContaining([
        [ids.cook, ids.stew, null, true],
        [ids.cook, ids.soup, 4, false],
        [ids.admin, ids.soup, 4, false],
      ]),
    )
    expect(rows('recipes').find((recipe) => recipe.id === ids.soup)).toMatchObject({ rating: 4 })
  })

  it("gives the recipe's last made and the tool on hand to the household", () => {
    const householdId = rows('households')[0]!.id
    expect(rows('household_recipe_data')).toEqual([
      expect.objectContaining({
        household_id: householdId,
        recipe_id: ids.soup,
        last_made: '2022-08-30T18:00:00.000Z',
      }),
    ])
    expect(rows('tools_on_hand')).toEqual([{ tool_id: ids.tool, household_id: householdId }])
  })

  it('turns cookbook and rule organizers into query filters (86054b40fd06)', () => {
    expect(rows('cookbooks')[0]).toMatchObject({
      query_filter_string: `recipe_category.id IN ["${ids.category}"] AND tags.id CONTAINS ALL ["${ids.tag}"]`,
    })
    expect(rows('meal_plan_rules')[0]).toMatchObject({
      days: ['monday'],
      entry_types: [],
      query_filter_string: `recipe_category.id CONTAINS ALL ["${ids.category}"]`,
    })
    expect(report.tables.cookbooks_to_tags).toMatchObject({ restored: 1, skipped: 0 })
  })

  it("gives plans and lists without a user to the group's first administrator", () => {
    expect(rows('meal_plan_entries')[0]).toMatchObject({ id: 7, user_id: ids.admin })
    expect(rows('shopping_lists')[0]).toMatchObject({ user_id: ids.admin })
  })

  it("splits a list item into the recipe's share and the share people typed", () => {
    expect(rows('shopping_list_item_shares')).toEqual([
      expect.objectContaining({ item_id: ids.item, recipe_id: ids.soup, quantity: 2, recipe_scale: 1 }),
      expect.objectContaining({ item_id: ids.item, source: `own:${ids.item}`, quantity: 1 }),
    ])
  })

  it('counts every row of the backup', () => {
    for (const [table, tableRows] of Object.entries(tables)) {
      const counted = report.tables[table]!
      expect(counted.restored + counted.skipped, table).toBe(tableRows.length)
    }
  })

  it("restores into Larder's schema row for row", async () => {
    const { db } = await createTestDatabase()
    const dataDirectory = await mkdtemp(path.join(tmpdir(), 'larder-mealie-upgrade-'))
    onTestFinished(() => rm(dataDirectory, { recursive: true, force: true }))
    const restore = createRestoreService({ db, dataDirectory, log: () => {} })
    const restored = await restore.restoreDump(dump, { files: new Map(), read: () => Buffer.alloc(0) })
    for (const [table, tableRows] of Object.entries(dump.tables)) {
      expect(restored.tables[table], table).toMatchObject({ restored: tableRows.length, skipped: 0 })
    }
  })
})
