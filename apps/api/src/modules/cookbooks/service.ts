import type {
  CreateCookBookParsed,
  QueryFilterPart,
  ReadCookBook,
  RecipeCookBook,
  UpdateCookBookParsed,
} from '@larder/contracts'
import type { Database, Executor } from '../../db/client.js'
import { inTransaction } from '../../db/transaction.js'
import { publish } from '../../events/outbox.js'
import { conflict, HttpError, notFound, ValidationFailure } from '../../http/errors.js'
import {
  parseQueryFilter,
  queryFilterParts,
  queryFilterSql,
  type ListQuery,
  type Page,
} from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { slugify } from '../../lib/slugs.js'
import { insertUnderFreeName } from '../../lib/unique-name.js'
import { recipeListPage, recipeListSpec } from '../recipes/index.js'
import { cookbookRepo, cookbookSlugConstraint, type CookbookRow, type CookbookValues } from './repo.js'

const missing = () => notFound('Not found.')

const cookbookEvent = (type: 'cookbook.created' | 'cookbook.updated' | 'cookbook.deleted', row: CookbookRow) => ({
  type,
  document: { cookbookId: row.id, cookbookSlug: row.slug },
})

/** "Soup", then slugs "soup-1" … "soup-10" (docs/mealie-compatibility.md "Cookbooks"); a crowded name is then a clear 409. */
const renameAttempts = 10

type Location = (string | number)[]

/** The parsed parts of a stored filter; empty when it does not parse (a filter saved before a grammar change). */
function partsOf(filter: string): QueryFilterPart[] {
  if (!filter.trim()) return []
  try {
    return queryFilterParts(parseQueryFilter(filter))
  } catch {
    return []
  }
}

export function toReadCookBook(row: CookbookRow): ReadCookBook {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    position: row.position,
    public: row.public,
    queryFilterString: row.queryFilterString,
    groupId: row.groupId,
    householdId: row.householdId,
    queryFilter: { parts: partsOf(row.queryFilterString) },
  }
}

/** The rules a cookbook's fields must meet; 422 located at the offending field. */
function valuesOf(input: CreateCookBookParsed, loc: Location): Omit<CookbookValues, 'slug'> {
  const issues: Array<{ loc: Location; msg: string; type: string }> = []
  if (!slugify(input.name)) {
    issues.push({ loc: [...loc, 'name'], msg: 'The name needs at least one letter or digit', type: 'value_error' })
  }
  const filter = input.queryFilterString.trim()
  if (filter) {
    try {
      // Parsed and bound against the recipe list, as `GET /api/recipes?cookbook=` will run it.
      queryFilterSql(recipeListSpec, filter)
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400) throw error
      issues.push({ loc: [...loc, 'queryFilterString'], msg: error.message, type: 'value_error' })
    }
  }
  if (issues.length > 0) throw new ValidationFailure(issues)
  return {
    name: input.name,
    description: input.description,
    position: input.position,
    public: input.public,
    queryFilterString: filter,
  }
}

/** On update the body's slug stays when it is the name's slug, optionally numbered (`soup-2`); else the name's. */
function keptSlug(name: string, requested: string | null | undefined): string {
  const base = slugify(name)
  if (requested && (requested === base || new RegExp(`^${base}-\\d+$`).test(requested))) return requested
  return base
}

export function createCookbookService(deps: { db: Database }) {
  const { db } = deps

  /** Writes under the first free slug: the wanted one, then the name's numbered ones; 409 past the attempts. */
  async function underFreeSlug(
    tx: Executor,
    values: Omit<CookbookValues, 'slug'>,
    firstSlug: string,
    write: (savepoint: Executor, values: CookbookValues) => Promise<CookbookRow>,
  ): Promise<CookbookRow> {
    const row = await insertUnderFreeName(
      tx,
      values.name,
      [cookbookSlugConstraint],
      (savepoint, candidate) =>
        write(savepoint, { ...values, slug: candidate === values.name ? firstSlug : slugify(candidate) }),
      renameAttempts,
    )
    if (!row) throw conflict('A cookbook with this name already exists')
    return row
  }

  async function replace(
    tx: Executor,
    scope: Scope,
    id: string,
    input: CreateCookBookParsed,
    loc: Location,
  ): Promise<CookbookRow> {
    const values = valuesOf(input, loc)
    const row = await cookbookRepo.findByKey(tx, scope, id, { forUpdate: true })
    if (!row || row.id !== id) throw missing()
    // The same name keeps the stored slug, which an older slug function may have made: links to it keep working.
    const slug = row.name === values.name && (!input.slug || input.slug === row.slug) ? row.slug : null
    return underFreeSlug(tx, values, slug ?? keptSlug(values.name, input.slug), (savepoint, candidate) =>
      cookbookRepo.update(savepoint, scope, row.id, candidate),
    )
  }

  return {
    page(scope: Scope, query: ListQuery, path: string): Promise<Page<ReadCookBook>> {
      return cookbookRepo.page(db, scope, query, {
        path,
        select: async (ids) => (await cookbookRepo.findByIds(db, scope, ids.map(String))).map(toReadCookBook),
      })
    },

    async create(scope: Scope, input: CreateCookBookParsed): Promise<ReadCookBook> {
      const values = valuesOf(input, ['body'])
      const row = await inTransaction(db, async (tx) => {
        const inserted = await underFreeSlug(tx, values, slugify(values.name), (savepoint, candidate) =>
          cookbookRepo.insert(savepoint, scope, candidate),
        )
        await publish(tx, scope, cookbookEvent('cookbook.created', inserted))
        return inserted
      })
      return toReadCookBook(row)
    },

    /** The cookbook by id or slug, with every recipe of the group its filter selects. */
    async get(scope: Scope, key: string): Promise<RecipeCookBook> {
      const row = await cookbookRepo.findByKey(db, scope, key)
      if (!row) throw notFound('Not Found')
      const recipes = await recipeListPage(db, scope, {
        cookbook: row.id,
        perPage: -1,
        orderBy: 'name',
        orderDirection: 'asc',
      })
      return { ...toReadCookBook(row), recipes: recipes.items }
    },

    async update(scope: Scope, id: string, input: CreateCookBookParsed): Promise<ReadCookBook> {
      const row = await inTransaction(db, async (tx) => {
        const written = await replace(tx, scope, id, input, ['body'])
        await publish(tx, scope, cookbookEvent('cookbook.updated', written))
        return written
      })
      return toReadCookBook(row)
    },

    /** The bulk PUT (re-ordering): all or nothing, each item's 422 located at it. */
    async updateMany(scope: Scope, items: readonly UpdateCookBookParsed[]): Promise<ReadCookBook[]> {
      const rows = await inTransaction(db, async (tx) => {
        const written: CookbookRow[] = []
        for (const [index, item] of items.entries())
          written.push(await replace(tx, scope, item.id, item, ['body', index]))
        await publish(tx, scope, ...written.map((row) => cookbookEvent('cookbook.updated', row)))
        return written
      })
      return rows.map(toReadCookBook)
    },

    async delete(scope: Scope, id: string): Promise<ReadCookBook> {
      return inTransaction(db, async (tx) => {
        const row = await cookbookRepo.findByKey(tx, scope, id, { forUpdate: true })
        if (!row || row.id !== id) throw missing()
        await cookbookRepo.delete(tx, scope, row.id)
        await publish(tx, scope, cookbookEvent('cookbook.deleted', row))
        return toReadCookBook(row)
      })
    },

    /** A public group's public cookbooks of households that are not private, for visitors. */
    publicPage(groupId: string, query: ListQuery, path: string): Promise<Page<ReadCookBook>> {
      return cookbookRepo.pagePublic(db, groupId, query, {
        path,
        select: async (ids) => (await cookbookRepo.findPublicByIds(db, groupId, ids.map(String))).map(toReadCookBook),
      })
    },

    async findPublic(groupId: string, key: string): Promise<ReadCookBook | null> {
      const row = await cookbookRepo.findPublicByKey(db, groupId, key)
      return row ? toReadCookBook(row) : null
    },
  }
}

export type CookbookService = ReturnType<typeof createCookbookService>
