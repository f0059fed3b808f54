/**
 * A deterministic library of realistic recipes for one group, written straight into Larder's PostgreSQL with COPY:
 * N recipes across 2 households and 6 users, 40 categories, 150 tags, 30 tools, ~400 foods, 25 units, 5–20
 * ingredients and 3–12 steps each, names from word lists (dish types × main ingredients × styles, and classics with
 * their accents: "Crème brûlée", "Jalapeño poppers"), descriptions, times, ratings and favourites, comments, organizer
 * links with the long-tailed popularity real libraries have. The same seed and N always give the same library.
 *
 * The search columns are then computed in SQL with the recipes repo's own expression (`refreshSearch` in
 * apps/api/src/modules/recipes/repo.ts); the recipes are vacuumed after each batch, as autovacuum keeps a library
 * that grows over time, and all the tables are vacuumed and analysed at the end.
 *
 * As a script: `pnpm --filter @larder/bench generate:recipes -- <database url> [count] [seed]` fills a database that
 * Larder has already migrated and seeded (its first start), in the group of its first administrator.
 */
import postgres from 'postgres'
import { isEntryPoint } from './lib/paths.js'
import {
  baseFoods,
  categoryNames,
  classicDishes,
  commentTexts,
  descriptionEndings,
  descriptionOpeners,
  dishes,
  herbsAndSpices,
  ingredientNotes,
  ingredientSections,
  labelNames,
  mains,
  sides,
  spiceQualifiers,
  stepSections,
  stepTemplates,
  styles,
  tagNames,
  toolNames,
  unitList,
} from './recipe-words.js'

/** Bumped whenever the generated library changes, so that a kept database is regenerated. */
export const generatorVersion = 3

export interface GenerationOptions {
  recipes: number
  seed?: number
  /** Recipes per COPY round. */
  batchSize?: number
  /** The first recipe gets exactly this many ingredients (the web bench's recipe page with 40). */
  largeRecipeIngredients?: number
  log?: (line: string) => void
}

export interface GeneratedLibrary {
  groupId: string
  /** The first administrator, who signs in for the bench. */
  adminId: string
  householdIds: string[]
  recipes: number
  ingredients: number
  instructions: number
  categories: { id: string; slug: string; name: string; recipes: number }[]
  tags: { id: string; slug: string; name: string; recipes: number }[]
  /** Slugs of a spread of recipes (every 97th), for single reads. */
  sampleSlugs: string[]
  /** Slug of the recipe with the most ingredients. */
  largestSlug: string
  ms: number
}

// ── deterministic randomness ────────────────────────────────────────────────────────────────────────────────────

/** sfc32: small, fast, and good enough for test data; seeded through splitmix32. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  const splitmix = () => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = splitmix()
  let b = splitmix()
  let c = splitmix()
  let d = splitmix()
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t / 4294967296
  }
}

class Dice {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }
  /** Long-tailed: low indexes (popular items) come up far more often, as tags and foods do in real libraries. */
  popular<T>(items: readonly T[], skew = 1.8): T {
    return items[Math.floor(this.next() ** skew * items.length)] as T
  }
  distinct<T>(items: readonly T[], count: number, skew = 1.8): T[] {
    const chosen = new Set<T>()
    const wanted = Math.min(count, items.length)
    while (chosen.size < wanted) chosen.add(this.popular(items, skew))
    return [...chosen]
  }
  uuid(): string {
    const hex = (bits: number) =>
      Math.floor(this.next() * 2 ** bits)
        .toString(16)
        .padStart(bits / 4, '0')
    const variant = (8 + Math.floor(this.next() * 4)).toString(16)
    return `${hex(32)}-${hex(16)}-4${hex(12)}-${variant}${hex(12)}-${hex(24)}${hex(24)}`
  }
}

/** Larder's slugify (apps/api/src/lib/slugs.ts). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

// ── COPY ────────────────────────────────────────────────────────────────────────────────────────────────────────

type Cell = string | number | boolean | null

function copyCell(value: Cell): string {
  if (value === null) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value === 'number') return String(value)
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}

/** COPY … FROM STDIN in PostgreSQL's text format, written in chunks of about 1 MB. */
async function copyRows(sql: postgres.Sql, table: string, columns: string[], rows: Cell[][]): Promise<void> {
  if (rows.length === 0) return
  const stream = await sql.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable()
  const done = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve)
    stream.once('error', reject)
  })
  let chunk = ''
  for (const row of rows) {
    chunk += `${row.map(copyCell).join('\t')}\n`
    if (chunk.length > 1_000_000) {
      if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve))
      chunk = ''
    }
  }
  stream.end(chunk)
  await done
}

// ── the library ─────────────────────────────────────────────────────────────────────────────────────────────────

interface Food {
  id: string
  name: string
  plural: string | null
}
interface Unit {
  id: string
  name: string
  plural: string
  abbreviation: string
}

function foodList(): [string, string | null, string][] {
  const seen = new Set<string>()
  const list: [string, string | null, string][] = []
  const add = (entry: [string, string | null, string]) => {
    const key = entry[0].toLowerCase()
    if (seen.has(key) || list.length >= 400) return
    seen.add(key)
    list.push(entry)
  }
  for (const entry of baseFoods) add(entry)
  for (const qualifier of spiceQualifiers) {
    for (const herb of herbsAndSpices) add([`${qualifier} ${herb}`, null, qualifier === 'fresh' ? 'Produce' : 'Spices'])
  }
  return list
}

function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} minutes`
  const hourText = hours === 1 ? '1 hour' : `${hours} hours`
  return rest === 0 ? hourText : `${hourText} ${rest} minutes`
}

function quantityText(quantity: number): string {
  const whole = Math.floor(quantity)
  const fraction = quantity - whole
  const fractions: [number, string][] = [
    [0.25, '¼'],
    [0.5, '½'],
    [0.75, '¾'],
    [1 / 3, '⅓'],
  ]
  const symbol = fractions.find(([value]) => Math.abs(value - fraction) < 0.01)?.[1] ?? ''
  return whole === 0 ? symbol || String(quantity) : `${whole}${symbol}`
}

function recipeName(dice: Dice): string {
  const shape = dice.next()
  if (shape < 0.22) return dice.popular(classicDishes, 1.3)
  if (shape < 0.3) return `${dice.pick(styles)} ${dice.popular(classicDishes, 1.3)}`
  if (shape < 0.7) return `${dice.pick(styles)} ${dice.popular(mains, 1.4)} ${dice.popular(dishes, 1.4)}`
  if (shape < 0.88) return `${dice.popular(mains, 1.4)} ${dice.popular(dishes, 1.4)} with ${dice.pick(sides)}`
  return `${dice.pick(styles)} ${dice.popular(dishes, 1.4)}`
}

/**
 * Fills the group of the first administrator with `options.recipes` recipes. The group must have no recipes yet
 * (a database Larder has just migrated and seeded).
 */
export async function generateRecipes(sql: postgres.Sql, options: GenerationOptions): Promise<GeneratedLibrary> {
  const startedAt = performance.now()
  const log = options.log ?? (() => {})
  const dice = new Dice(seededRandom(options.seed ?? 20_240_612))
  const batchSize = options.batchSize ?? 2_000

  const [admin] = await sql<{ id: string; group_id: string; household_id: string }[]>`
    select id, group_id, household_id from users where admin order by created_at limit 1`
  if (!admin) throw new Error('no administrator: start Larder once on this database first')
  const groupId = admin.group_id
  const [existing] = await sql<
    { count: number }[]
  >`select count(*)::int as count from recipes where group_id = ${groupId}`
  if ((existing?.count ?? 0) > 0) throw new Error(`the group already has ${existing?.count} recipes`)

  // Households and users: the administrator's household and a second one; three cooks in each.
  const secondHousehold = dice.uuid()
  await sql`insert into households (id, group_id, name, slug) values (${secondHousehold}, ${groupId}, 'Bench Cottage', 'bench-cottage')`
  await sql`insert into household_preferences (household_id) values (${secondHousehold})`
  const householdIds = [admin.household_id, secondHousehold]
  const users: { id: string; household: string }[] = [{ id: admin.id, household: admin.household_id }]
  const cooks = ['Amélie Dubois', 'Jonas Müller', 'Priya Raman', 'Sofía García', 'Kenji Watanabe']
  for (const [index, fullName] of cooks.entries()) {
    const id = dice.uuid()
    const household = householdIds[index < 2 ? 0 : 1] as string
    const username = slugify(fullName)
    await sql`insert into users (id, username, full_name, email, password_hash, group_id, household_id, can_organize)
      values (${id}, ${username}, ${fullName}, ${`${username}@bench.example`}, '$argon2id$bench$not-a-real-hash',
        ${groupId}, ${household}, true)`
    users.push({ id, household })
  }

  // Organizers, labels, foods, units.
  const named = (names: readonly string[]) => names.map((name) => ({ id: dice.uuid(), name, slug: slugify(name) }))
  const categories = named(categoryNames)
  const tags = named(tagNames)
  const tools = named(toolNames)
  const labels = named(labelNames)
  const organizerRows = (items: { id: string; name: string; slug: string }[]) =>
    items.map((item) => [item.id, groupId, item.name, item.slug])
  await copyRows(sql, 'categories', ['id', 'group_id', 'name', 'slug'], organizerRows(categories))
  await copyRows(sql, 'tags', ['id', 'group_id', 'name', 'slug'], organizerRows(tags))
  await copyRows(sql, 'tools', ['id', 'group_id', 'name', 'slug'], organizerRows(tools))
  await copyRows(
    sql,
    'multi_purpose_labels',
    ['id', 'group_id', 'name'],
    labels.map((label) => [label.id, groupId, label.name]),
  )
  const labelId = new Map(labels.map((label) => [label.name, label.id]))
  const foods: Food[] = foodList().map(([name, plural]) => ({ id: dice.uuid(), name, plural }))
  await copyRows(
    sql,
    'ingredient_foods',
    ['id', 'group_id', 'name', 'plural_name', 'label_id'],
    foodList().map(([, , label], index) => {
      const food = foods[index] as Food
      return [food.id, groupId, food.name, food.plural, labelId.get(label) ?? null]
    }),
  )
  const units: Unit[] = unitList.map(([name, plural, abbreviation]) => ({
    id: dice.uuid(),
    name,
    plural,
    abbreviation,
  }))
  await copyRows(
    sql,
    'ingredient_units',
    ['id', 'group_id', 'name', 'plural_name', 'abbreviation', 'plural_abbreviation', 'use_abbreviation', 'fraction'],
    unitList.map(([, , abbreviation, fraction], index) => {
      const unit = units[index] as Unit
      return [unit.id, groupId, unit.name, unit.plural, abbreviation, abbreviation, abbreviation !== '', fraction]
    }),
  )
  const onHand = (ids: string[], share: number) =>
    householdIds.flatMap((household) => ids.filter(() => dice.chance(share)).map((id) => [id, household]))
  await copyRows(
    sql,
    'ingredient_foods_on_hand',
    ['food_id', 'household_id'],
    onHand(
      foods.map((food) => food.id),
      0.2,
    ),
  )
  await copyRows(
    sql,
    'tools_on_hand',
    ['tool_id', 'household_id'],
    onHand(
      tools.map((tool) => tool.id),
      0.4,
    ),
  )
  log(
    `  organizers: ${categories.length} categories, ${tags.length} tags, ${tools.length} tools, ${foods.length} foods, ${units.length} units`,
  )

  // Recipes, in COPY rounds, with the GIN (search) indexes of the recipe tables dropped and built again afterwards,
  // each exactly as it was (pg_get_indexdef): a GIN index built once is many times faster than one updated row by
  // row. The B-tree indexes stay: the search refresh of each round reads ingredients and steps through them.
  await sql`set maintenance_work_mem = '256MB'`
  await sql`set synchronous_commit = off`
  const recipeTables = [
    'recipes',
    'recipe_ingredients',
    'recipe_instructions',
    'recipes_to_categories',
    'recipes_to_tags',
    'recipes_to_tools',
    'user_recipe_ratings',
    'recipe_comments',
  ]
  const searchIndexes = await sql<{ name: string; definition: string }[]>`
    select index.relname as name, pg_get_indexdef(ix.indexrelid) as definition
    from pg_index ix
      join pg_class index on index.oid = ix.indexrelid
      join pg_am am on am.oid = index.relam
      join pg_class t on t.oid = ix.indrelid
      join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = any(${recipeTables}) and am.amname = 'gin'`
  for (const index of searchIndexes) await sql.unsafe(`drop index "${index.name}"`)
  const slugCounts = new Map<string, number>()
  const categoryUse = new Map<string, number>()
  const tagUse = new Map<string, number>()
  const sampleSlugs: string[] = []
  let largest = { slug: '', ingredients: 0 }
  let ingredientCount = 0
  let instructionCount = 0
  const start = Date.UTC(2022, 0, 1)
  const span = Date.UTC(2025, 0, 1) - start
  for (let first = 0; first < options.recipes; first += batchSize) {
    const last = Math.min(options.recipes, first + batchSize)
    const recipeRows: Cell[][] = []
    const ingredientRows: Cell[][] = []
    const instructionRows: Cell[][] = []
    const categoryRows: Cell[][] = []
    const tagRows: Cell[][] = []
    const toolRows: Cell[][] = []
    const ratingRows: Cell[][] = []
    const commentRows: Cell[][] = []
    const ids: string[] = []
    for (let index = first; index < last; index += 1) {
      const id = dice.uuid()
      ids.push(id)
      const owner = dice.popular(users, 1.5)
      const baseName = recipeName(dice)
      const baseSlug = slugify(baseName)
      const seen = slugCounts.get(baseSlug) ?? 0
      slugCounts.set(baseSlug, seen + 1)
      const name = seen === 0 ? baseName : `${baseName} (${seen})`
      const slug = slugify(name)
      if (index % 97 === 0) sampleSlugs.push(slug)
      const createdAt = new Date(start + (span * index) / options.recipes + dice.int(0, 3_600_000))
      const updatedAt = new Date(createdAt.getTime() + (dice.chance(0.3) ? dice.int(0, 200) * 86_400_000 : 0))
      const prep = dice.int(1, 8) * 5
      const cook = dice.chance(0.85) ? dice.int(1, 24) * 5 : 0
      const servings = dice.pick([1, 2, 2, 4, 4, 4, 6, 6, 8, 12])

      // Ratings and favourites of some of the cooks.
      const ratings: number[] = []
      for (const user of users) {
        if (!dice.chance(0.12)) continue
        const rating = dice.chance(0.85) ? dice.int(2, 5) : null
        if (rating !== null) ratings.push(rating)
        ratingRows.push([dice.uuid(), user.id, id, rating, dice.chance(0.4)])
      }
      const rating = ratings.length > 0 ? ratings.reduce((sum, value) => sum + value, 0) / ratings.length : null

      // Ingredients, sometimes in sections.
      const ingredientTotal =
        index === 0 && options.largeRecipeIngredients ? options.largeRecipeIngredients : dice.int(5, 20)
      const recipeFoods = dice.distinct(foods, ingredientTotal, 1.6)
      const references: string[] = []
      for (const [position, food] of recipeFoods.entries()) {
        const referenceId = dice.uuid()
        references.push(referenceId)
        const title =
          position > 0 && ingredientTotal > 9 && position % 6 === 0 && dice.chance(0.5)
            ? dice.pick(ingredientSections)
            : null
        const unit = dice.chance(0.75) ? dice.popular(units, 1.5) : null
        const quantity = food.name === 'salt' ? null : dice.pick([0.25, 0.5, 0.75, 1, 1, 1.5, 2, 2, 3, 4, 6, 200, 400])
        const note = dice.chance(0.4) ? dice.pick(ingredientNotes) : null
        const plural = quantity !== null && quantity > 1
        const originalText = [
          quantity === null ? '' : quantityText(quantity),
          unit ? (plural ? unit.plural : unit.name) : '',
          plural && !unit ? (food.plural ?? food.name) : food.name,
        ]
          .filter(Boolean)
          .join(' ')
          .concat(note ? `, ${note}` : '')
        ingredientRows.push([
          dice.uuid(),
          id,
          position,
          title,
          note,
          quantity,
          unit?.id ?? null,
          food.id,
          originalText,
          referenceId,
        ])
      }
      ingredientCount += recipeFoods.length
      if (recipeFoods.length > largest.ingredients) largest = { slug, ingredients: recipeFoods.length }

      // Steps that name the recipe's foods, some pointing at their ingredients.
      const stepTotal = dice.int(3, 12)
      const recipeTools = dice.distinct(tools, dice.int(0, 4), 1.5)
      for (let position = 0; position < stepTotal; position += 1) {
        const sentences = dice.int(1, 3)
        const used: string[] = []
        const text = Array.from({ length: sentences }, () =>
          dice
            .pick(stepTemplates)
            .replace('{a}', () => {
              const food = dice.pick(recipeFoods)
              used.push(references[recipeFoods.indexOf(food)] as string)
              return food.name
            })
            .replace('{b}', () => dice.pick(recipeFoods).name)
            .replace('{t}', () => (recipeTools.length > 0 ? dice.pick(recipeTools).name : 'pan').toLowerCase())
            .replace('{m}', () => String(dice.int(2, 45)))
            .replace('{c}', () => String(dice.pick([160, 180, 190, 200, 220]))),
        ).join(' ')
        const title =
          position > 0 && stepTotal > 6 && position % 4 === 0 && dice.chance(0.4) ? dice.pick(stepSections) : ''
        const referencesJson = dice.chance(0.5) ? JSON.stringify(used.map((referenceId) => ({ referenceId }))) : '[]'
        instructionRows.push([dice.uuid(), id, position, title, '', text, referencesJson])
      }
      instructionCount += stepTotal

      for (const category of dice.distinct(categories, dice.int(1, 3), 1.6)) {
        categoryRows.push([id, category.id])
        categoryUse.set(category.id, (categoryUse.get(category.id) ?? 0) + 1)
      }
      for (const tag of dice.distinct(tags, dice.int(0, 6), 2.2)) {
        tagRows.push([id, tag.id])
        tagUse.set(tag.id, (tagUse.get(tag.id) ?? 0) + 1)
      }
      for (const tool of recipeTools) toolRows.push([id, tool.id])
      if (dice.chance(0.08)) {
        for (let comment = dice.int(1, 3); comment > 0; comment -= 1) {
          const author = dice.pick(users)
          commentRows.push([
            dice.uuid(),
            id,
            author.id,
            dice.pick(commentTexts),
            new Date(updatedAt.getTime() + comment * 86_400_000).toISOString(),
          ])
        }
      }

      const description = `${dice.pick(descriptionOpeners)} ${dice.pick(descriptionEndings)}`
      const nutrition = dice.chance(0.3)
        ? JSON.stringify({
            calories: String(dice.int(150, 900)),
            proteinContent: String(dice.int(2, 60)),
            fatContent: String(dice.int(2, 50)),
            carbohydrateContent: String(dice.int(5, 120)),
          })
        : null
      recipeRows.push([
        id,
        groupId,
        owner.household,
        owner.id,
        name,
        slug,
        description,
        `${servings} servings`,
        servings,
        duration(prep + cook),
        duration(prep),
        cook > 0 ? duration(cook) : null,
        dice.chance(0.3) ? `https://example.com/recipes/${slug}` : null,
        rating,
        createdAt.toISOString().slice(0, 10),
        updatedAt.toISOString(),
        dice.chance(0.2) ? new Date(updatedAt.getTime() + dice.int(1, 300) * 86_400_000).toISOString() : null,
        dice.chance(0.2),
        nutrition,
        createdAt.toISOString(),
        updatedAt.toISOString(),
      ])
    }

    await copyRows(
      sql,
      'recipes',
      [
        'id',
        'group_id',
        'household_id',
        'user_id',
        'name',
        'slug',
        'description',
        'recipe_yield',
        'recipe_servings',
        'total_time',
        'prep_time',
        'cook_time',
        'org_url',
        'rating',
        'date_added',
        'date_updated',
        'last_made',
        'settings_public',
        'nutrition',
        'created_at',
        'updated_at',
      ],
      recipeRows,
    )
    await copyRows(
      sql,
      'recipe_ingredients',
      [
        'id',
        'recipe_id',
        'position',
        'title',
        'note',
        'quantity',
        'unit_id',
        'food_id',
        'original_text',
        'reference_id',
      ],
      ingredientRows,
    )
    await copyRows(
      sql,
      'recipe_instructions',
      ['id', 'recipe_id', 'position', 'title', 'summary', 'text', 'ingredient_references'],
      instructionRows,
    )
    await copyRows(sql, 'recipes_to_categories', ['recipe_id', 'category_id'], categoryRows)
    await copyRows(sql, 'recipes_to_tags', ['recipe_id', 'tag_id'], tagRows)
    await copyRows(sql, 'recipes_to_tools', ['recipe_id', 'tool_id'], toolRows)
    await copyRows(sql, 'user_recipe_ratings', ['id', 'user_id', 'recipe_id', 'rating', 'is_favorite'], ratingRows)
    await copyRows(sql, 'recipe_comments', ['id', 'recipe_id', 'user_id', 'text', 'created_at'], commentRows)
    await refreshSearch(sql, groupId, ids)
    // Each recipe row is written four times (its insert, the organizer triggers of migration 0004, the search
    // columns). In a library that grows over weeks autovacuum reclaims those versions between additions and later
    // rows reuse the space; written in minutes, without this the table kept three dead versions' worth of pages
    // (27,470 pages at 100k where 9,819 hold it) and every list that visits rows read three times as many.
    await sql`vacuum recipes`
    if (last % 10_000 === 0 || last === options.recipes) {
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(0)
      log(`  ${last.toLocaleString('en-US')} / ${options.recipes.toLocaleString('en-US')} recipes (${seconds} s)`)
    }
  }

  const indexStartedAt = performance.now()
  for (const index of searchIndexes) await sql.unsafe(index.definition)
  log(`  ${searchIndexes.length} search indexes built in ${((performance.now() - indexStartedAt) / 1000).toFixed(1)} s`)
  for (const table of [...recipeTables, 'ingredient_foods', 'ingredient_units', 'categories', 'tags', 'tools']) {
    await sql.unsafe(`vacuum analyze ${table}`)
  }

  const byUse = (items: { id: string; slug: string; name: string }[], use: Map<string, number>) =>
    items
      .map((item) => ({ ...item, recipes: use.get(item.id) ?? 0 }))
      .sort((a, b) => b.recipes - a.recipes || a.slug.localeCompare(b.slug))
  return {
    groupId,
    adminId: admin.id,
    householdIds,
    recipes: options.recipes,
    ingredients: ingredientCount,
    instructions: instructionCount,
    categories: byUse(categories, categoryUse),
    tags: byUse(tags, tagUse),
    sampleSlugs,
    largestSlug: largest.slug,
    ms: performance.now() - startedAt,
  }
}

/** The search fields, written by the same database function the recipes repo calls (migration 0005). */
async function refreshSearch(sql: postgres.Sql, groupId: string, ids: string[]): Promise<void> {
  await sql`select recipes_refresh_search(${groupId}::uuid, ${ids}::uuid[])`
}

if (isEntryPoint(import.meta.url)) {
  const [url, count = '10000', seed] = process.argv.slice(2).filter((arg) => arg !== '--')
  if (!url) {
    console.error('usage: recipe-generator.ts <postgres url> [count] [seed]')
    process.exit(2)
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const library = await generateRecipes(sql, {
      recipes: Number(count),
      ...(seed ? { seed: Number(seed) } : {}),
      log: (line) => console.log(line),
    })
    console.log(
      `generated ${library.recipes} recipes, ${library.ingredients} ingredients, ${library.instructions} steps in ${(library.ms / 1000).toFixed(1)} s`,
    )
  } finally {
    await sql.end({ timeout: 5 })
  }
}
