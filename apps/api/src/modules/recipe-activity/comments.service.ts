import type { PaginationQuery, RecipeComment } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { forbidden, notFound } from '../../http/errors.js'
import type { Access } from '../access/index.js'
import type { CommentRepo, CommentRow } from './comments.repo.js'
import type { GroupRecipeRepo } from './group-recipes.repo.js'

export function commentOf(row: CommentRow): RecipeComment {
  return {
    id: row.id,
    recipeId: row.recipeId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    user: { id: row.userId, username: row.username, admin: row.admin, fullName: row.fullName },
  }
}

/**
 * Comments on the group's recipes (docs/mealie-compatibility.md "Comments"): any member comments on any recipe of the group; only the
 * author or an administrator edits or deletes. Larder decision: a recipe whose settings disable comments refuses new
 * ones (403) — Mealie only hides the form, so a script could comment anyway.
 */
export function createCommentService(deps: {
  db: Database
  comments: CommentRepo
  groupRecipes: GroupRecipeRepo
  access: Access
}) {
  const { db, comments, groupRecipes, access } = deps

  async function read(caller: Caller, commentId: string): Promise<RecipeComment> {
    const row = await comments.find(db, caller, commentId)
    if (!row) throw notFound('Comment not found')
    return commentOf(row)
  }

  return {
    read,

    async page(caller: Caller, query: PaginationQuery) {
      const page = await comments.page(db, caller, query)
      return { ...page, items: page.items.map(commentOf) }
    },

    async listOfRecipe(caller: Caller, slugOrId: string): Promise<RecipeComment[]> {
      const recipe = await groupRecipes.findRecipeInGroup(db, caller, slugOrId)
      if (!recipe) throw notFound('Recipe not found')
      return (await comments.listOfRecipe(db, caller, recipe.id)).map(commentOf)
    },

    async create(caller: Caller, recipeId: string, text: string): Promise<RecipeComment> {
      const recipe = await groupRecipes.findRecipeInGroup(db, caller, recipeId)
      if (!recipe) throw notFound('Recipe not found')
      if (recipe.disableComments) throw forbidden('Comments are turned off for this recipe')
      return read(caller, await comments.insert(db, caller, recipe.id, text))
    },

    async update(caller: Caller, commentId: string, text: string): Promise<RecipeComment> {
      await access.requireCommentChange(db, caller, [commentId])
      await comments.updateText(db, caller, commentId, text)
      return read(caller, commentId)
    },

    async delete(caller: Caller, commentId: string): Promise<void> {
      await access.requireCommentChange(db, caller, [commentId])
      await comments.delete(db, caller, commentId)
    },
  }
}

export type CommentService = ReturnType<typeof createCommentService>
