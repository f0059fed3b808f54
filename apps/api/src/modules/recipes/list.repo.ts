import type { RecipeSummary } from '@larder/contracts'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipes } from '../../db/schema/index.js'
import { notFound, ValidationFailure } from '../../http/errors.js'
import { paginate, paginatePreserialized, type ListQuery, type Page } from '../../http/list-query/index.js'
import type { PreserializedJson } from '../../http/preserialized-json.js'
import type { Scope } from '../../http/scope.js'
import {
  foodFilter,
  householdFilter,
  idsNamedBy,
  isUuid,
  organizerFilter,
  organizerKeysSql,
  recipeListSpecFor,
  type SearchOptions,
  searchParts,
  searchProbe,
  searchText,
  type OrganizerKind,
} from './list-spec.js'
import { recipeSummaries, recipeSummariesJson } from './recipe-loader.repo.js'
import { recipeRepo } from './repo.js'

/** The recipe list's own parameters (docs/mealie-compatibility.md "Recipe list and search"). */
export interface RecipeListFilters {
  cookbook?: string | undefined
  categories?: string[] | undefined
  tags?: string[] | undefined
  tools?: string[] | undefined
  foods?: string[] | undefined
  households?: string[] | undefined
  requireAllCategories?: boolean
  requireAllTags?: boolean
  requireAllTools?: boolean
  requireAllFoods?: boolean
}

/**
 * GET /api/recipes through the one list machine: the group's recipes, filtered by organizers, foods and households,
 * or by a cookbook's filter instead (Mealie ignores the other filters then), searched and ordered: the page's ids
 * beside its total, then the summaries (see `paginate`). For callers that read or change the page (explore,
 * cookbooks); the endpoint answers `recipeListAnswer`.
 */
export async function recipeListPage(
  ex: Executor,
  scope: Scope,
  query: ListQuery & RecipeListFilters,
): Promise<Page<RecipeSummary>> {
  const list = await recipeList(ex, scope, query)
  return paginate(ex, list.spec, query, {
    ...list.options,
    select: (ids) => recipeSummaries(ex, scope, ids.map(String)),
  })
}

/**
 * The page of `recipeListPage` as the endpoint sends it: written by PostgreSQL and sent as it is (PreserializedJson);
 * parsing, serialising and encoding 50 summaries again took more than half of the list's time in Node.
 */
export async function recipeListAnswer(
  ex: Executor,
  scope: Scope,
  query: ListQuery & RecipeListFilters,
): Promise<Page<RecipeSummary> | PreserializedJson<Page<RecipeSummary>>> {
  const list = await recipeList(ex, scope, query)
  return paginatePreserialized(ex, list.spec, query, {
    ...list.options,
    select: (ids) => recipeSummariesJson(ex, scope, ids.map(String)),
  })
}

/** The list's spec and conditions for the query. */
async function recipeList(ex: Executor, scope: Scope, query: ListQuery & RecipeListFilters) {
  const conditions: SQL[] = []
  let cookbookFilter: string | undefined
  if (query.cookbook) {
    const cookbook = await recipeRepo.findCookbook(ex, scope, query.cookbook)
    if (!cookbook) throw notFound('cookbook not found')
    cookbookFilter = cookbook.queryFilterString
  } else {
    const present = (values: string[] | undefined) => (values ?? []).filter((value) => value.trim() !== '')
    const categories = present(query.categories)
    const tags = present(query.tags)
    const tools = present(query.tools)
    const foods = present(query.foods)
    const households = present(query.households)
    const organizers = (
      [
        ['categories', categories, query.requireAllCategories ?? false],
        ['tags', tags, query.requireAllTags ?? false],
        ['tools', tools, query.requireAllTools ?? false],
      ] as const
    ).filter(([, keys]) => keys.length > 0)
    if (organizers.length > 0) {
      // The ids first, in a statement of their own, so that the list's statements hold them as values.
      const named = await ex.execute<{ kind: OrganizerKind; id: string; slug: string }>(
        organizerKeysSql(scope.groupId, organizers),
      )
      for (const [kind, keys, all] of organizers) {
        const ofKind = named.filter((row) => row.kind === kind)
        conditions.push(
          organizerFilter(
            kind,
            keys.map((key) => idsNamedBy(key, ofKind)),
            all,
          ),
        )
      }
    }
    if (foods.length > 0) {
      const invalid = foods.findIndex((food) => !isUuid(food))
      if (invalid >= 0) {
        throw new ValidationFailure([
          { loc: ['query', 'foods', invalid], msg: 'Foods are named by id', type: 'uuid_parsing' },
        ])
      }
      conditions.push(foodFilter(foods, query.requireAllFoods ?? false))
    }
    if (households.length > 0) conditions.push(householdFilter(scope.groupId, households))
  }
  // The search ranks in full only what can reach the page; it can tell that when nothing else narrows the matches.
  const perPage = query.perPage ?? 50
  const page = query.page ?? 1
  const narrowed = conditions.length > 0 || Boolean(query.cookbook) || Boolean(query.queryFilter?.trim())
  const rows =
    !narrowed && perPage > 0 && page >= 1 && Number.isSafeInteger(page * perPage) ? page * perPage : undefined
  const spec = recipeListSpecFor(
    scope.userId,
    query.search ? await searchPlan(ex, scope, query.search, rows) : undefined,
  )
  return {
    spec,
    options: {
      scope: eq(recipes.groupId, scope.groupId),
      where: conditions.length > 0 ? and(...conditions) : undefined,
      queryFilter: cookbookFilter,
      path: '/recipes',
    },
  }
}

/** Words this short have too few trigrams to tell a misspelling from another word. */
const shortestCorrectedWord = 4

/**
 * How to run a search: as typed when some recipe of the group holds every word; else with each word that no recipe
 * holds replaced by the closest word of the group's names and foods ("chiken curry" → "chicken curry"), when some
 * recipe holds every word of that; else as typed, finding recipes that hold only some of the words. Correcting first
 * keeps a misspelt word off the some-words path, which ranks thousands of rows in a large library. With `rows` (how
 * far down the order the page ends), the same statement reads the floor below which a candidate cannot reach the page.
 */
async function searchPlan(
  ex: Executor,
  scope: Scope,
  search: string,
  rows: number | undefined,
): Promise<SearchOptions> {
  const probe = async (text: string) => {
    const statement = searchProbe(text, scope.groupId, rows)
    if (!statement) return undefined
    const [found] = await ex.execute<{ holds: boolean; floor: number | null }>(statement)
    return found?.holds ? { floor: found.floor ?? undefined } : undefined
  }
  const asTyped = await probe(search)
  if (asTyped) return { someWords: false, ...asTyped }
  const parts = searchParts(search)
  const corrections = await recipeRepo.closestKnownWords(
    ex,
    scope,
    parts.words.filter((word) => word.length >= shortestCorrectedWord),
  )
  if (corrections.size > 0) {
    const corrected = searchText({ ...parts, words: parts.words.map((word) => corrections.get(word) ?? word) })
    const found = await probe(corrected)
    if (found) return { someWords: false, searchFor: corrected, ...found }
  }
  return { someWords: true }
}
