import { RecipeFilterable } from '@larder/contracts'
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  categories,
  foods,
  householdPreferences,
  households,
  recipeIngredients,
  recipeRatings,
  recipes,
  tags,
  tools,
  units,
  users,
} from '../../db/schema/index.js'
import { type ComputedColumn, defineListSpec, type ListSpec, type SearchSql } from '../../http/list-query/index.js'

// `settings.*` reads the recipe's own settings_* columns through an alias of the recipes table (Mealie keeps them
// in a table of their own; filters name them `settings.public`, `settings.locked`, …).
const settings = alias(recipes, 'recipe_settings')

const organizerColumns = (table: typeof categories | typeof tags | typeof tools) => ({
  id: table.id,
  name: table.name,
  slug: table.slug,
})

/**
 * `rating` as a filter reads it, whoever asks: the recipe's average, 0 being no rating. Mealie's filter reads the
 * average too (only its order puts the caller's own rating first), so a script's `rating >= 4` and a household's
 * cookbook on it find the same recipes for every member and on the public pages. Compared on the column itself, so
 * that the index on (group_id, rating, id) answers `rating >= 4` without reading the recipes (migration 0008) and
 * PostgreSQL can combine it with other conditions' indexes.
 */
const averageRating: ComputedColumn = {
  expression: sql`nullif(${recipes.rating}, 0)`,
  type: 'number',
  compare: (operator, value) => sql`(${recipes.rating} ${operator} ${value} and ${recipes.rating} <> 0)`,
}

/**
 * What the recipe list filters and orders on (docs/mealie-compatibility.md "Filter and order attributes"): RecipeSummary's fields, and what a member reads of
 * each recipe elsewhere (RecipeFilterable): organizers, ingredients with their food and unit, settings, the owning
 * household with its preferences, the owner, and who favourited or rated it.
 */
export const recipeListSpec = defineListSpec({
  table: recipes,
  shows: RecipeFilterable,
  columns: {
    id: recipes.id,
    slug: recipes.slug,
    name: recipes.name,
    description: recipes.description,
    image: recipes.image,
    total_time: recipes.totalTime,
    prep_time: recipes.prepTime,
    cook_time: recipes.cookTime,
    perform_time: recipes.performTime,
    recipe_yield: recipes.recipeYield,
    recipe_yield_quantity: recipes.recipeYieldQuantity,
    recipe_servings: recipes.recipeServings,
    rating: averageRating,
    org_url: recipes.orgUrl,
    date_added: recipes.dateAdded,
    date_updated: recipes.dateUpdated,
    last_made: recipes.lastMade,
    created_at: recipes.createdAt,
    updated_at: recipes.updatedAt,
    user_id: recipes.userId,
    group_id: recipes.groupId,
    household_id: recipes.householdId,
  },
  relations: {
    tags: {
      table: tags,
      on: sql`${tags.id} = any(${recipes.tagIds})`,
      many: true,
      idArray: { ids: recipes.tagIds, id: tags.id },
      columns: organizerColumns(tags),
    },
    recipe_category: {
      table: categories,
      on: sql`${categories.id} = any(${recipes.categoryIds})`,
      many: true,
      idArray: { ids: recipes.categoryIds, id: categories.id },
      columns: organizerColumns(categories),
    },
    tools: {
      table: tools,
      on: sql`${tools.id} = any(${recipes.toolIds})`,
      many: true,
      idArray: { ids: recipes.toolIds, id: tools.id },
      columns: organizerColumns(tools),
    },
    recipe_ingredient: {
      table: recipeIngredients,
      on: eq(recipeIngredients.recipeId, recipes.id),
      many: true,
      columns: {
        note: recipeIngredients.note,
        title: recipeIngredients.title,
        original_text: recipeIngredients.originalText,
        quantity: recipeIngredients.quantity,
        reference_id: recipeIngredients.referenceId,
      },
      relations: {
        food: {
          table: foods,
          on: eq(foods.id, recipeIngredients.foodId),
          many: false,
          columns: { id: foods.id, name: foods.name, plural_name: foods.pluralName, label_id: foods.labelId },
        },
        unit: {
          table: units,
          on: eq(units.id, recipeIngredients.unitId),
          many: false,
          columns: { id: units.id, name: units.name, plural_name: units.pluralName, abbreviation: units.abbreviation },
        },
      },
    },
    settings: {
      table: settings,
      on: eq(settings.id, recipes.id),
      many: false,
      columns: {
        public: settings.settingsPublic,
        show_nutrition: settings.settingsShowNutrition,
        show_assets: settings.settingsShowAssets,
        landscape_view: settings.settingsLandscapeView,
        disable_comments: settings.settingsDisableComments,
        disable_amount: settings.settingsDisableAmount,
        locked: settings.settingsLocked,
      },
    },
    household: {
      table: households,
      on: eq(households.id, recipes.householdId),
      many: false,
      columns: { id: households.id, name: households.name, slug: households.slug },
      relations: {
        preferences: {
          table: householdPreferences,
          on: eq(householdPreferences.householdId, households.id),
          many: false,
          columns: {
            private_household: householdPreferences.privateHousehold,
            lock_recipe_edits_from_other_households: householdPreferences.lockRecipeEditsFromOtherHouseholds,
            recipe_public: householdPreferences.recipePublic,
          },
        },
      },
    },
    user: { table: users, on: eq(users.id, recipes.userId), many: false, columns: { id: users.id } },
    favorited_by: {
      table: recipeRatings,
      on: and(eq(recipeRatings.recipeId, recipes.id), eq(recipeRatings.isFavorite, true))!,
      many: true,
      columns: { id: recipeRatings.userId },
    },
    rated_by: {
      table: recipeRatings,
      on: and(eq(recipeRatings.recipeId, recipes.id), gt(recipeRatings.rating, 0))!,
      many: true,
      columns: { id: recipeRatings.userId },
    },
  },
  searchWith: (search) => recipeSearch(search, { someWords: false }),
  defaultOrder: 'created_at',
})

/** How to run a search: see `searchPlan` in list.repo.ts and `recipeSearch`. */
export interface SearchOptions {
  someWords: boolean
  searchFor?: string | undefined
  floor?: number | undefined
}

/**
 * The list as one caller sees it: `rating` orders by the caller's own rating when they gave one above 0, else by the
 * recipe's average (docs/mealie-compatibility.md "Recipe list and search"); a filter reads the average (`averageRating`). `someWords`: a search also finds
 * recipes holding only some of its words (when none holds them all); `searchFor`: the search to run in place of the
 * one requested (its misspelt words corrected); `floor`: `searchProbe`'s.
 */
export function recipeListSpecFor(userId: string, options: SearchOptions = { someWords: false }): ListSpec {
  // The same as coalesce(the caller's rating or null, the average), written so that PostgreSQL asks the caller's
  // ratings once (a hashed sub-plan) and looks a rating up only for the recipes they rated: an order on `rating`
  // reads every recipe of the group, and a look-up per recipe made it twice as slow.
  const ratedBy = sql`select ${recipeRatings.recipeId} from ${recipeRatings}
    where ${recipeRatings.userId} = ${userId} and ${recipeRatings.rating} > 0`
  const own = sql`select ${recipeRatings.rating} from ${recipeRatings}
    where ${recipeRatings.recipeId} = ${recipes.id} and ${recipeRatings.userId} = ${userId}`
  const orderExpression = sql`(case when ${recipes.id} in (${ratedBy}) then (${own}) else nullif(${recipes.rating}, 0) end)`
  return {
    ...recipeListSpec,
    columns: { ...recipeListSpec.columns, rating: { ...averageRating, orderExpression } },
    searchWith: (search) => recipeSearch(options.searchFor ?? search, options),
  }
}

// Words that join others in recipe names and say nothing on their own: left out of the any-word match.
const glueWords = new Set(
  'a an and the with of in on for to or de la le les des du et au aux mit und der die das von con el los las y'.split(
    ' ',
  ),
)

/** Letters and digits only, lower-cased and without accents, so no character can act as tsquery syntax. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 20)
}

/** `chick` → `chick:*` (partial words match); one- and two-letter words must match whole. */
const prefixed = (word: string) => weighted([[[word, word.length >= 3]]], '')

/** `[[slice, of, lemon], [chick*]]` with weights `AB` → `(slice:AB <-> of:AB <-> lemon:AB) & chick:*AB`. */
function weighted(parts: Array<Array<[string, boolean]>>, weights: string): string {
  return parts
    .map((part) => {
      const operands = part.map(([word, prefix]) =>
        prefix ? `${word}:*${weights}` : weights ? `${word}:${weights}` : word,
      )
      return operands.length > 1 ? `(${operands.join(' <-> ')})` : operands[0]!
    })
    .join(' & ')
}

/** A search as the recipe search reads it: its double-quoted phrases and its other words, normalised by `wordsOf`. */
export interface SearchParts {
  phrases: string[][]
  words: string[]
}

export function searchParts(search: string): SearchParts {
  const phrases: string[][] = []
  const rest = search.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    const words = wordsOf(phrase)
    if (words.length > 0) phrases.push(words)
    return ' '
  })
  return { phrases, words: wordsOf(rest) }
}

/** The search text that `searchParts` reads back as these parts. */
export function searchText({ phrases, words }: SearchParts): string {
  return [...phrases.map((phrase) => `"${phrase.join(' ')}"`), ...words].join(' ')
}

/** The parts of the recipe search that `recipeSearch` and `searchProbe` share. */
function searchPieces(search: string) {
  const { phrases, words } = searchParts(search)
  if (words.length === 0 && phrases.length === 0) return undefined
  const whole = [...phrases.flat(), ...words].join(' ')
  // Each part of the all-words query as [word, prefix?] lists, so that weights can be put on every operand.
  const allParts: Array<Array<[string, boolean]>> = [
    ...phrases.map((phrase) => phrase.map((word): [string, boolean] => [word, false])),
    ...words.map((word): Array<[string, boolean]> => [[word, word.length >= 3]]),
  ]
  // Scalar sub-queries: PostgreSQL computes each once per query (an InitPlan), not once per row, since unaccent()
  // is only STABLE.
  const tsquery = (text: string) => sql`(select to_tsquery('simple', unaccent(${text}::text)))`
  const name = sql`(select lower(unaccent(${whole}::text)))`
  const allQuery = tsquery(weighted(allParts, ''))
  // A phrase is checked on the words' positions, which the document's index does not keep: each candidate holding
  // the phrase's words is read from TOAST storage to be checked. The head is a prefix of the document, positions
  // included, so a phrase it holds the document holds too: read from the row, it spares reading the document of
  // every recipe that names the phrase (1,323 of 1,691 candidates for "brown butter" at 100k).
  const holds = (query: SQL) =>
    phrases.length > 0
      ? sql`(${recipes.searchHead} @@ ${query} or ${recipes.searchDocument} @@ ${query})`
      : sql`${recipes.searchDocument} @@ ${query}`
  const tier = sql`(case when ${recipes.searchName} = ${name} then 3
    when ${recipes.searchName} like ${name} || '%' then 2
    when ${recipes.searchName} like '%' || ${name} || '%' then 1 else 0 end)`
  // Every word among name (A) and organizers (B), in the name: the head, a small vector kept in the row.
  const inHead = (weights: string) => sql`${recipes.searchHead} @@ ${tsquery(weighted(allParts, weights))}`
  return {
    phrases,
    words,
    allParts,
    tsquery,
    name,
    tier,
    inHead,
    holds,
    holdsAll: holds(allQuery),
    holdsAllInHead: sql`${recipes.searchHead} @@ ${allQuery}`,
    similarity: sql`word_similarity(${name}, ${recipes.searchName})`,
  }
}

/** Enough head rows to bound the page's scores by: a few pages' worth, read through the head's index. */
const floorSample = (rows: number) => Math.max(200, rows * 4)

/**
 * One statement that tells how to run a search: `holds`, whether some recipe of the group holds every word (else the
 * search is corrected or widened to some words); with `rows` (how far down the order the page ends, when nothing but
 * the search filters the group's recipes), `floor`: the rows-th best score (as `tier` × 10 + score, see
 * `recipeSearch`) among a sample of the recipes holding every word in their head, found through the head's index;
 * null when fewer hold them so. The rows-th best of all candidates scores at least as much, so a candidate whose best
 * possible score is below the floor cannot reach the page.
 */
export function searchProbe(search: string, groupId: string, rows: number | undefined): SQL | undefined {
  const pieces = searchPieces(search)
  if (!pieces) return undefined
  const { phrases, tier, inHead, similarity, holdsAll, holdsAllInHead } = pieces
  const inGroup = sql`${recipes.groupId} = ${groupId}`
  const floor =
    rows !== undefined && phrases.length === 0
      ? sql`(select score from (select ${tier} * 10 + (case when ${inHead('A')} then 1.5 else 1.2 end) + ${similarity}
          as score from ${recipes} where ${inGroup} and ${holdsAllInHead} limit ${floorSample(rows)}) as sample
        order by score desc offset ${rows - 1} limit 1)`
      : sql`null`
  // The recipes holding every word as a materialized CTE, of which `exists` reads the first row: PostgreSQL plans
  // it for all its rows, through the document's index. Planned as an `exists` itself, it took a sequential scan
  // whenever the table was small next to the 500 rows it guesses any word matches, and a word no recipe holds then
  // read every document from TOAST storage (550 ms at 100k recipes for `lasagne`).
  return sql`with holding_every_word as materialized (select 1 from ${recipes} where ${inGroup} and ${holdsAll})
    select exists (select 1 from holding_every_word) as holds, ${floor}::float8 as floor`
}

/**
 * The recipe search (better than Mealie's, docs/mealie-compatibility.md "Recipe list and search"): accent- and case-insensitive; typo-tolerant on names
 * (pg_trgm `%>` on `search_name`, served by its GIN index); full text over the weighted document (name, tags and
 * categories, description and ingredients, instructions) with partial words; double-quoted parts must appear as
 * phrases. Ranked: the whole search as the name, then as the name's start, then inside the name; then name
 * similarity plus where the words are, where a word in the name (A) weighs far more than one in a step (D).
 * `floor`: `searchProbe`'s, for this search and page.
 */
export function recipeSearch(search: string, options: Omit<SearchOptions, 'searchFor'>): SearchSql | undefined {
  const pieces = searchPieces(search)
  if (!pieces) return undefined
  const { phrases, words, allParts, tsquery, name, tier, inHead, similarity, holds, holdsAll } = pieces
  const document = recipes.searchDocument
  const significant = words.filter((word) => !glueWords.has(word))
  const anyQuery = (significant.length > 0 ? significant : words).map(prefixed).join(' | ')
  const phraseQuery = phrases.map((phrase) => `(${phrase.join(' <-> ')})`).join(' & ')
  // Recipes holding only some of the words only when no recipe of the group holds them all (the caller checks
  // first): the any-word match is broad, and ranking thousands of rows would cost more than the answer is worth.
  const someWords = options.someWords && words.length > 0
  // The name's trigrams first: they are read from the row, where each test on the document reads it from TOAST
  // storage again. With some words, a recipe holding all of them also holds any one, so `holdsAll` adds nothing.
  // Names spelled like the search (`lasagne` for lasagna, `padthai`) only for one word, or when no recipe holds every
  // word: in a search of several words that some recipe holds, a name like the whole search is mostly one sharing a
  // single word ("chicken tikka" for "chicken curry"), ten thousand of them in a large library, each then read from
  // TOAST storage to be ranked; misspelt words were corrected before (`searchPlan` in list.repo.ts).
  // The all-words query holds the phrases too (`allParts`): only a match by name or by some words checks them apart.
  const byName = someWords || words.length === 1
  const matches = byName
    ? sql`${recipes.searchName} %> ${name} or ${someWords ? sql`${document} @@ ${tsquery(anyQuery)}` : holdsAll}`
    : holdsAll
  const where =
    byName && phrases.length > 0 ? sql`(${holds(tsquery(phraseQuery))} and (${matches}))` : sql`(${matches})`
  // With some words no recipe holds all of them, so every placement would be 0: not worth reading each candidate's
  // document (thousands of candidates for a misspelt word beside a common one).
  if (someWords) return { where, relevance: sql`${tier} desc, ${similarity} desc` }
  // Where the words are, by the document's weights (A name, B tags and categories, C description and ingredients,
  // D instructions): every word in the name ranks above every word among name and organizers, and so on. Matching
  // with weight-restricted queries costs far less per row than ts_rank's position scoring. Name and organizers are
  // read from the head, kept in the row; only the other candidates need the document, read from TOAST storage:
  // `|| ''::tsvector` de-toasts it into memory inside a sub-query that OFFSET 0 keeps apart, where each `@@` on the
  // column itself would read it again.
  const inDocument = (weights: string) => sql`detoasted.document @@ ${tsquery(weighted(allParts, weights))}`
  const byDocument = sql`(select case when ${inDocument('ABC')} then 0.9 when ${inDocument('')} then 0.6 else 0 end
    from (select ${document} || ''::tsvector as document offset 0) as detoasted)`
  // A name spelled like the search ("Texas Red Chili" for `chilli`, "Mini cheesecakes" for `cheese cake`) is a
  // match by name: 1 plus its similarity (at least pg_trgm's 0.6 there), above any recipe holding the words only in
  // its ingredients or steps, whose similarity is below 0.6.
  const nameLikeSearch = sql`${recipes.searchName} %> ${name}`
  // Rank in full only what can reach the page: a candidate the head does not place scores at most 2 (a name like the
  // search), or else 0.9 (C) plus its similarity; below the floor it cannot reach the page, and keeps that bound as
  // its score (below every row of the page) without its document being read: thousands of recipes mention a common
  // food in a step, few name it. The similarity is computed only when the highest bound reaches the floor.
  const floor = options.floor === undefined ? undefined : sql`${options.floor}::float8`
  const cannotReach = (bound: SQL) => (floor ? sql`when ${tier} * 10 + ${bound} < ${floor} then ${bound} ` : sql``)
  const score = sql`(case when ${inHead('A')} then 1.5 + ${similarity} when ${inHead('AB')} then 1.2 + ${similarity}
    ${cannotReach(sql`2`)}when ${nameLikeSearch} then 1 + ${similarity}
    ${cannotReach(sql`(0.9 + ${similarity})`)}else ${byDocument} + ${similarity} end)`
  return { where, relevance: sql`${tier} desc, ${score} desc` }
}

export type OrganizerKind = 'categories' | 'tags' | 'tools'

const organizerTables = {
  categories: { table: categories, ids: recipes.categoryIds },
  tags: { table: tags, ids: recipes.tagIds },
  tools: { table: tools, ids: recipes.toolIds },
} as const

/** The group's organizers that the keys of each kind name (ids or slugs), in one statement: rows `{kind, id, slug}`. */
export function organizerKeysSql(
  groupId: string,
  wanted: ReadonlyArray<readonly [OrganizerKind, readonly string[], ...unknown[]]>,
): SQL {
  const selects = wanted.map(([kind, keys]) => {
    const { table } = organizerTables[kind]
    const uuids = keys.filter(isUuid)
    const named = sql.join(
      [...(uuids.length > 0 ? [inArray(table.id, uuids)] : []), inArray(table.slug, [...keys])],
      sql` or `,
    )
    return sql`select ${kind}::text as kind, ${table.id} as id, ${table.slug} as slug from ${table}
      where ${table.groupId} = ${groupId} and (${named})`
  })
  return sql.join(selects, sql` union all `)
}

/** The ids among `rows` (from `organizerKeysSql`) that `key` names: by id (any case) or by slug. */
export function idsNamedBy(key: string, rows: readonly { id: string; slug: string }[]): string[] {
  const id = isUuid(key) ? key.toLowerCase() : undefined
  return rows.filter((row) => row.slug === key || row.id === id).map((row) => row.id)
}

/**
 * `categories=`, `tags=`, `tools=`: any of the organizers the keys name, or all with `requireAll*` (one id list
 * per key; a key that names no organizer matches nothing). Matched on the recipe's GIN-indexed id arrays, with the
 * ids as a literal array: the planner reads how many recipes hold them from the array column's statistics, where
 * behind `array(select …)` it guessed 1,000 rows whatever the organizer, and at 100k recipes sorted all 5,000
 * recipes of a popular tag and category (3,848 buffers) where walking the order's index reads 864.
 */
export function organizerFilter(kind: OrganizerKind, idsPerKey: readonly (readonly string[])[], all: boolean): SQL {
  const { ids } = organizerTables[kind]
  const has = (held: readonly string[]) => sql`${ids} && ${`{${held.join(',')}}`}::uuid[]`
  if (all) return and(...idsPerKey.map(has)) ?? sql`true`
  return has(idsPerKey.flat())
}

/** `foods=`: food ids (Mealie takes no slugs here). */
export function foodFilter(foodIds: readonly string[], all: boolean): SQL {
  const has = (condition: SQL) =>
    sql`exists (select 1 from ${recipeIngredients} where ${recipeIngredients.recipeId} = ${recipes.id} and ${condition})`
  if (all) return and(...foodIds.map((id) => has(sql`${recipeIngredients.foodId} = ${id}::uuid`))) ?? sql`true`
  return has(inArray(recipeIngredients.foodId, [...foodIds]))
}

/** `households=`: ids or slugs of the group's households. */
export function householdFilter(groupId: string, keys: readonly string[]): SQL {
  const ids = keys.filter(isUuid)
  const byKey = sql.join(
    [...(ids.length > 0 ? [inArray(households.id, ids)] : []), inArray(households.slug, [...keys])],
    sql` or `,
  )
  return sql`${recipes.householdId} in (select ${households.id} from ${households} where ${households.groupId} = ${groupId} and (${byKey}))`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => uuidPattern.test(value)
