import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { recipeComments, recipes, users } from '../../db/schema/index.js'
import { paginate, type ListQuery } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import { commentListSpec } from './list-spec.js'

const commentColumns = {
  id: recipeComments.id,
  recipeId: recipeComments.recipeId,
  text: recipeComments.text,
  createdAt: recipeComments.createdAt,
  updatedAt: recipeComments.updatedAt,
  userId: recipeComments.userId,
  username: users.username,
  admin: users.admin,
  fullName: users.fullName,
}

export type CommentRow = {
  id: string
  recipeId: string
  text: string
  createdAt: Date
  updatedAt: Date
  userId: string
  username: string | null
  admin: boolean
  fullName: string | null
}

/** Comments are read through their recipe: the scope's group owns them through it. */
const selectComments = (ex: Executor, scope: Scope) =>
  ex
    .select(commentColumns)
    .from(recipeComments)
    .innerJoin(recipes, and(eq(recipes.id, recipeComments.recipeId), eq(recipes.groupId, scope.groupId)))
    .innerJoin(users, eq(users.id, recipeComments.userId))

export const commentRepo = {
  async find(ex: Executor, scope: Scope, commentId: string): Promise<CommentRow | null> {
    const [row] = await selectComments(ex, scope).where(eq(recipeComments.id, commentId)).limit(1)
    return row ?? null
  },

  async listOfRecipe(ex: Executor, scope: Scope, recipeId: string): Promise<CommentRow[]> {
    return selectComments(ex, scope)
      .where(eq(recipeComments.recipeId, recipeId))
      .orderBy(asc(recipeComments.createdAt), asc(recipeComments.id))
  },

  page(ex: Executor, scope: Scope, query: ListQuery) {
    return paginate(ex, commentListSpec, query, {
      scope: inGroupOf(ex, scope),
      path: '/comments',
      select: (ids) => selectComments(ex, scope).where(inArray(recipeComments.id, ids as string[])),
    })
  },

  /** Inserts a comment on a recipe already known to be in the scope's group, by the scope's user. */
  async insert(ex: Executor, scope: Scope, recipeId: string, text: string): Promise<string> {
    const [row] = await ex
      .insert(recipeComments)
      .values({ recipeId, userId: scope.userId, text })
      .returning({ id: recipeComments.id })
    return row!.id
  },

  async updateText(ex: Executor, scope: Scope, commentId: string, text: string): Promise<void> {
    await ex
      .update(recipeComments)
      .set({ text })
      .where(and(eq(recipeComments.id, commentId), inGroupOf(ex, scope)))
  },

  async delete(ex: Executor, scope: Scope, commentId: string): Promise<void> {
    await ex.delete(recipeComments).where(and(eq(recipeComments.id, commentId), inGroupOf(ex, scope)))
  },
}

/** The comment's recipe is one of the scope's group. */
function inGroupOf(ex: Executor, scope: Scope) {
  return inArray(
    recipeComments.recipeId,
    ex.select({ id: recipes.id }).from(recipes).where(eq(recipes.groupId, scope.groupId)),
  )
}

export type CommentRepo = typeof commentRepo
