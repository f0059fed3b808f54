import type { GroupRecipeActionOut, RecipeActionInputParsed } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest, HttpError, notFound } from '../../http/errors.js'
import type { ListQuery, Page } from '../../http/list-query/index.js'
import { PreserializedJson } from '../../http/preserialized-json.js'
import type { Scope } from '../../http/scope.js'
import { OutboundError, type OutboundFetch } from '../../lib/outbound-fetch.js'
import type { RecipesModule } from '../recipes/index.js'
import { recipeActionBody } from './payload.js'
import { recipeActionRepo, type RecipeActionRow } from './repo.js'

const missing = () => notFound('Not found.')

/** As Mealie's post: 15 s, the answer not read beyond this. */
const postTimeoutMs = 15_000
const answerBytes = 64 * 1024

export function toRecipeActionOut(row: RecipeActionRow): GroupRecipeActionOut {
  return {
    id: row.id,
    actionType: row.actionType,
    title: row.title,
    url: row.url,
    groupId: row.groupId,
    householdId: row.householdId,
  }
}

const valuesOf = (input: RecipeActionInputParsed) => ({
  actionType: input.actionType,
  title: input.title,
  url: input.url,
})

export function createRecipeActionService(deps: {
  db: Database
  fetch: OutboundFetch
  recipes: Pick<RecipesModule['service'], 'get'>
  log: (message: string, error?: unknown) => void
}) {
  const { db } = deps

  async function found(scope: Scope, id: string) {
    const row = await recipeActionRepo.findById(db, scope, id)
    if (!row) throw missing()
    return row
  }

  /** Posts after the answer, as Mealie does: no retries, the receiver's answer ignored (a failure is logged). */
  function post(action: RecipeActionRow, body: unknown) {
    deps
      .fetch(action.url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', accept: '*/*' },
        timeoutMs: postTimeoutMs,
        maxBytes: answerBytes,
      })
      .catch((error: unknown) => {
        if (error instanceof OutboundError) deps.log(`Recipe action "${action.title}" could not post`, error)
        else deps.log(`Recipe action "${action.title}" failed`, error)
      })
  }

  return {
    page(scope: Scope, query: ListQuery): Promise<Page<GroupRecipeActionOut>> {
      return recipeActionRepo.page(db, scope, query, {
        path: '/households/recipe-actions',
        select: async (ids) => (await recipeActionRepo.findByIds(db, scope, ids.map(String))).map(toRecipeActionOut),
      })
    },

    async create(scope: Scope, input: RecipeActionInputParsed): Promise<GroupRecipeActionOut> {
      return toRecipeActionOut(await recipeActionRepo.insert(db, scope, valuesOf(input)))
    },

    async get(scope: Scope, id: string): Promise<GroupRecipeActionOut> {
      return toRecipeActionOut(await found(scope, id))
    },

    async update(scope: Scope, id: string, input: RecipeActionInputParsed): Promise<GroupRecipeActionOut> {
      const row = await recipeActionRepo.update(db, scope, id, valuesOf(input))
      if (!row) throw missing()
      return toRecipeActionOut(row)
    },

    async delete(scope: Scope, id: string): Promise<GroupRecipeActionOut> {
      const row = await recipeActionRepo.delete(db, scope, id)
      if (!row) throw missing()
      return toRecipeActionOut(row)
    },

    /**
     * A `post` action: the recipe (by slug or id, in the caller's group) is read now, so that a missing one answers
     * 404, and sent after the answer. A `link` is the web client's to open.
     */
    async trigger(caller: Caller, id: string, recipeKey: string): Promise<null> {
      const action = await found(caller, id)
      if (action.actionType !== 'post') throw badRequest(`Cannot trigger action type "${action.actionType}".`)
      // Mealie's words for a missing recipe here are its `Not found.`, not the recipe routes' `No Entry Found`.
      const { answer } = await deps.recipes.get(caller, recipeKey).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 404 ? missing() : error
      })
      const recipe: unknown = answer instanceof PreserializedJson ? JSON.parse(answer.bytes.toString('utf8')) : answer
      post(action, recipeActionBody(action, recipe))
      return null
    },
  }
}

export type RecipeActionService = ReturnType<typeof createRecipeActionService>
