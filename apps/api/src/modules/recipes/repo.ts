import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import {
  categories,
  cookbooks,
  foods,
  householdRecipeData,
  recipeCategories,
  recipeIngredients,
  recipeInstructions,
  recipes,
  recipeSearchWords,
  recipeTags,
  recipeTimelineEvents,
  recipeTools,
  tags,
  tools,
  units,
  users,
} from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'
import { inNameKeyOrder, ingredientNameKey } from '../../lib/ingredient-name-key.js'

export type RecipeRow = typeof recipes.$inferSelect
export type RecipeValues = Partial<
  Omit<
    typeof recipes.$inferInsert,
    'id' | 'groupId' | 'searchName' | 'searchDocument' | 'searchHead' | 'categoryIds' | 'tagIds' | 'toolIds'
  >
>
export type IngredientValues = Omit<typeof recipeIngredients.$inferInsert, 'id' | 'recipeId' | 'position'>
export type StepValues = Omit<typeof recipeInstructions.$inferInsert, 'recipeId' | 'position'>
export type OrganizerKind = 'categories' | 'tags' | 'tools'

/** A food or unit to create: a name, and what a seeded one of that name carries. */
export interface NewFoodOrUnit {
  name: string
  pluralName?: string | undefined
  abbreviation?: string | undefined
  pluralAbbreviation?: string | undefined
  fraction?: boolean | undefined
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => uuidPattern.test(value)

const inGroup = (scope: Scope) => eq(recipes.groupId, scope.groupId)
const keyMatches = (key: string) => (isUuid(key) ? eq(recipes.id, key.toLowerCase()) : eq(recipes.slug, key))

const organizerTables = { categories: { table: categories }, tags: { table: tags }, tools: { table: tools } } as const

export const slugConstraint = 'recipes_group_slug_key'

/**
 * Recipe rows and their parts. Every function takes the executor (pool or the caller's transaction) and the scope,
 * and never reaches past the scope's group.
 */
export const recipeRepo = {
  /** The recipe named by slug or id; `forUpdate` locks the row so that concurrent writers of one recipe queue up. */
  async findByKey(ex: Executor, scope: Scope, key: string, options: { forUpdate?: boolean } = {}) {
    const query = ex
      .select()
      .from(recipes)
      .where(and(inGroup(scope), keyMatches(key)))
      .limit(1)
      .$dynamic()
    const [row] = await (options.forUpdate ? query.for('update') : query)
    return row ?? null
  },

  async findByIds(ex: Executor, scope: Scope, ids: readonly string[], options: { forUpdate?: boolean } = {}) {
    const wanted = ids.filter(isUuid)
    if (wanted.length === 0) return []
    const query = ex
      .select()
      .from(recipes)
      .where(and(inGroup(scope), inArray(recipes.id, wanted)))
      .orderBy(recipes.id)
      .$dynamic()
    return options.forUpdate ? query.for('update') : query
  },

  async insert(ex: Executor, scope: Scope, values: RecipeValues & { name: string; slug: string }) {
    const [row] = await ex
      .insert(recipes)
      .values({ ...values, groupId: scope.groupId, userId: scope.userId, householdId: scope.householdId })
      .returning()
    return row!
  },

  async update(ex: Executor, scope: Scope, id: string, values: RecipeValues) {
    await ex
      .update(recipes)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inGroup(scope), eq(recipes.id, id)))
  },

  async delete(ex: Executor, scope: Scope, id: string) {
    await ex.delete(recipes).where(and(inGroup(scope), eq(recipes.id, id)))
  },

  async replaceIngredients(ex: Executor, recipeId: string, rows: readonly IngredientValues[]) {
    await ex.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId))
    if (rows.length === 0) return
    await ex.insert(recipeIngredients).values(rows.map((row, position) => ({ ...row, recipeId, position })))
  },

  async replaceSteps(ex: Executor, recipeId: string, rows: readonly StepValues[]) {
    await ex.delete(recipeInstructions).where(eq(recipeInstructions.recipeId, recipeId))
    if (rows.length === 0) return
    await ex.insert(recipeInstructions).values(rows.map((row, position) => ({ ...row, recipeId, position })))
  },

  async replaceOrganizers(ex: Executor, recipeId: string, kind: OrganizerKind, organizerIds: readonly string[]) {
    const unique = [...new Set(organizerIds)]
    if (kind === 'categories') {
      await ex.delete(recipeCategories).where(eq(recipeCategories.recipeId, recipeId))
      if (unique.length > 0)
        await ex.insert(recipeCategories).values(unique.map((categoryId) => ({ recipeId, categoryId })))
    } else if (kind === 'tags') {
      await ex.delete(recipeTags).where(eq(recipeTags.recipeId, recipeId))
      if (unique.length > 0) await ex.insert(recipeTags).values(unique.map((tagId) => ({ recipeId, tagId })))
    } else {
      await ex.delete(recipeTools).where(eq(recipeTools.recipeId, recipeId))
      if (unique.length > 0) await ex.insert(recipeTools).values(unique.map((toolId) => ({ recipeId, toolId })))
    }
  },

  /** Organizers of the group named by id, slug or name (case-insensitive). */
  async findOrganizers(
    ex: Executor,
    scope: Scope,
    kind: OrganizerKind,
    keys: { ids: string[]; slugs: string[]; names: string[] },
  ) {
    const { table } = organizerTables[kind]
    const conditions: SQL[] = []
    if (keys.ids.length > 0) conditions.push(inArray(table.id, keys.ids))
    if (keys.slugs.length > 0) conditions.push(inArray(table.slug, keys.slugs))
    if (keys.names.length > 0)
      conditions.push(
        inArray(
          sql`lower(${table.name})`,
          keys.names.map((name) => name.toLowerCase()),
        ),
      )
    if (conditions.length === 0) return []
    return ex
      .select({ id: table.id, name: table.name, slug: table.slug })
      .from(table)
      .where(and(eq(table.groupId, scope.groupId), or(...conditions)))
  },

  /** Creates an organizer, or finds the one a concurrent request created under the same name or slug. */
  async ensureOrganizer(ex: Executor, scope: Scope, kind: OrganizerKind, name: string, slug: string) {
    const { table } = organizerTables[kind]
    await ex.insert(table).values({ groupId: scope.groupId, name, slug }).onConflictDoNothing()
    const [row] = await ex
      .select({ id: table.id, name: table.name, slug: table.slug })
      .from(table)
      .where(and(eq(table.groupId, scope.groupId), or(eq(table.slug, slug), eq(table.name, name))))
      .limit(1)
    return row ?? null
  },

  /**
   * The group's foods or units named by id, or by a name that is one of theirs: its name, plural or abbreviation
   * written in any letter case, or any name with the same key (`ingredientNameKey`: "Cups" finds "cup").
   */
  async foodsOrUnits(ex: Executor, scope: Scope, kind: 'foods' | 'units', keys: { ids: string[]; names: string[] }) {
    const table = kind === 'foods' ? foods : units
    const conditions: SQL[] = []
    if (keys.ids.length > 0) conditions.push(inArray(table.id, keys.ids))
    if (keys.names.length > 0) {
      const names = keys.names.map((name) => name.toLowerCase())
      conditions.push(inArray(table.nameKey, [...new Set(keys.names.map(ingredientNameKey))]))
      conditions.push(inArray(sql`lower(${table.pluralName})`, names))
      if (kind === 'units') conditions.push(inArray(sql`lower(${units.abbreviation})`, names))
    }
    if (conditions.length === 0) return []
    return ex
      .select({
        id: table.id,
        name: table.name,
        nameKey: table.nameKey,
        pluralName: table.pluralName,
        abbreviation: kind === 'units' ? units.abbreviation : sql<string>`''`,
      })
      .from(table)
      .where(and(eq(table.groupId, scope.groupId), or(...conditions)))
  },

  /**
   * Adds the foods or units the group lacks, in one statement and in key order (`inNameKeyOrder`), so that parallel
   * imports creating the same ones wait for each other rather than deadlock; a name whose key the group already
   * has (added meanwhile by another import) is left as it is.
   */
  async insertMissingFoodsOrUnits(
    ex: Executor,
    scope: Scope,
    kind: 'foods' | 'units',
    entries: readonly NewFoodOrUnit[],
  ): Promise<void> {
    if (entries.length === 0) return
    const ordered = inNameKeyOrder(entries)
    if (kind === 'foods') {
      await ex
        .insert(foods)
        .values(
          ordered.map((entry) => ({ groupId: scope.groupId, name: entry.name, pluralName: entry.pluralName ?? null })),
        )
        .onConflictDoNothing({ target: [foods.groupId, foods.nameKey] })
      return
    }
    await ex
      .insert(units)
      .values(
        ordered.map((entry) => ({
          groupId: scope.groupId,
          name: entry.name,
          pluralName: entry.pluralName ?? null,
          abbreviation: entry.abbreviation ?? '',
          pluralAbbreviation: entry.pluralAbbreviation ?? '',
          fraction: entry.fraction ?? true,
        })),
      )
      .onConflictDoNothing({ target: [units.groupId, units.nameKey] })
  },

  /** Which of these ids are recipes of the group. */
  async existingIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
    const wanted = ids.filter(isUuid)
    if (wanted.length === 0) return new Set()
    const rows = await ex
      .select({ id: recipes.id })
      .from(recipes)
      .where(and(inGroup(scope), inArray(recipes.id, wanted)))
    return new Set(rows.map((row) => row.id))
  },

  /**
   * Whether linking `recipeId` to `referencedIds` as sub-recipes closes a cycle: some referenced recipe is the recipe
   * itself or reaches it through the sub-recipe links stored today.
   */
  async wouldCycle(ex: Executor, recipeId: string, referencedIds: readonly string[]): Promise<boolean> {
    if (referencedIds.length === 0) return false
    if (referencedIds.includes(recipeId)) return true
    const start = sql.join(
      referencedIds.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    )
    const rows = await ex.execute<{ found: boolean }>(sql`
      with recursive reached(id) as (
        select id from (values ${start}) as startpoints(id)
        union
        select i.referenced_recipe_id from recipe_ingredients i join reached on i.recipe_id = reached.id
        where i.referenced_recipe_id is not null
      )
      select exists (select 1 from reached where id = ${recipeId}::uuid) as found`)
    return rows[0]?.found === true
  },

  /** A user of the scope's group, with their household, for ownership transfers. */
  async groupUser(ex: Executor, scope: Scope, userId: string) {
    const [row] = await ex
      .select({ id: users.id, householdId: users.householdId })
      .from(users)
      .where(and(eq(users.groupId, scope.groupId), eq(users.id, userId)))
      .limit(1)
    return row ?? null
  },

  async addTimelineEvent(
    ex: Executor,
    recipeId: string,
    event: { userId: string; subject: string; eventType: 'system' | 'info' | 'comment' },
  ) {
    await ex.insert(recipeTimelineEvents).values({ recipeId, ...event })
  },

  /** The household's own "made it", and the recipe's latest over every household (docs/mealie-compatibility.md "Household recipe data"). */
  async recordLastMade(ex: Executor, scope: Scope, recipeId: string, at: Date) {
    await ex
      .insert(householdRecipeData)
      .values({ householdId: scope.householdId, recipeId, lastMade: at })
      .onConflictDoUpdate({
        target: [householdRecipeData.householdId, householdRecipeData.recipeId],
        set: { lastMade: at, updatedAt: new Date() },
      })
    await ex
      .update(recipes)
      .set({
        lastMade: sql`(select max(${householdRecipeData.lastMade}) from ${householdRecipeData} where ${householdRecipeData.recipeId} = ${recipeId})`,
      })
      .where(and(inGroup(scope), eq(recipes.id, recipeId)))
  },

  async findCookbook(ex: Executor, scope: Scope, key: string) {
    const [row] = await ex
      .select({ id: cookbooks.id, queryFilterString: cookbooks.queryFilterString })
      .from(cookbooks)
      .where(and(eq(cookbooks.groupId, scope.groupId), isUuid(key) ? eq(cookbooks.id, key) : eq(cookbooks.slug, key)))
      .limit(1)
    return row ?? null
  },

  /**
   * Rewrites the recipes' search fields from their texts, organizers, ingredients and steps: the database function
   * `recipes_refresh_search` (migration 0005) holds the one definition of what is searched and how it weighs (in
   * `recipes_refresh_search_fields` since migration 0010, where it also adds the names' words to recipe_search_words).
   */
  async refreshSearch(ex: Executor, scope: Scope, recipeIds: readonly string[]) {
    const ids = recipeIds.filter(isUuid)
    if (ids.length === 0) return
    // One array parameter, however many recipes (a tag on most of a 100k library).
    await ex.execute(sql`select recipes_refresh_search(${scope.groupId}::uuid, ${toUuidArray(ids)})`)
  },

  async countOwned(ex: Executor, userId: string): Promise<number> {
    const [row] = await ex
      .select({ count: sql<number>`count(*)::int` })
      .from(recipes)
      .where(eq(recipes.userId, userId))
    return row?.count ?? 0
  },

  /**
   * For each of the words that no recipe of the group holds (as a word or a word's start), the word of the group's
   * recipe names and food names spelled most like it (trigram similarity ≥ 0.5), when there is one: `chiken` →
   * `chicken` (0.5), while `celeriac` is another vegetable than `celery` (0.45). The names' words come from
   * recipe_search_words through its trigram index: splitting the names that share trigrams with the word read 200 of
   * thousands of names at 100k recipes, and took about as long as the search itself. A name's word counts only while
   * some recipe's head still holds it (the table keeps the words of deleted and renamed recipes). Words are
   * `wordsOf`'s: letters and digits only, safe inside a tsquery.
   */
  async closestKnownWords(ex: Executor, scope: Scope, words: readonly string[]): Promise<Map<string, string>> {
    if (words.length === 0) return new Map()
    const rows = await ex.execute<{ word: string; correction: string | null }>(sql`
      select w.word, (
        select known.candidate from (
          select ${recipeSearchWords.word} as candidate from ${recipeSearchWords}
            where ${recipeSearchWords.groupId} = ${scope.groupId} and ${recipeSearchWords.word} % w.word
              and similarity(${recipeSearchWords.word}, w.word) >= 0.5
              and exists (select 1 from ${recipes} where ${recipes.groupId} = ${scope.groupId}
                and ${recipes.searchHead} @@ plainto_tsquery('simple', ${recipeSearchWords.word}))
          union all
          select regexp_split_to_table(lower(unaccent(${foods.name})), '[^[:alnum:]]+') from ${foods}
            where ${foods.groupId} = ${scope.groupId} and lower(${foods.name}) % w.word
        ) known
        where similarity(known.candidate, w.word) >= 0.5
        order by similarity(known.candidate, w.word) desc, known.candidate
        limit 1) as correction
      from unnest(${`{${words.join(',')}}`}::text[]) as w(word)
      where not exists (select 1 from ${recipes} where ${recipes.groupId} = ${scope.groupId}
        and ${recipes.searchDocument} @@ to_tsquery('simple', w.word || ':*'))`)
    return new Map(rows.flatMap((row) => (row.correction ? [[row.word, row.correction] as const] : [])))
  },

  /** Administrators moving a user to another household: the user's recipes follow their owner. */
  async moveOwnedToHousehold(ex: Executor, userId: string, householdId: string) {
    await ex.update(recipes).set({ householdId, updatedAt: new Date() }).where(eq(recipes.userId, userId))
  },
}

/** A uuid[] parameter: drizzle would bind a JS array as a list of parameters. */
const toUuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

export type RecipeRepo = typeof recipeRepo

export const refreshRecipeSearch = (ex: Executor, scope: Scope, recipeIds: readonly string[]) =>
  recipeRepo.refreshSearch(ex, scope, recipeIds)
