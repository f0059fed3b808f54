import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * A recipe's media folder, `DATA_DIR/media/recipes/<id>` (images, assets). The recipe image pipeline (branch
 * p3-outbound) brings the media library; until then deleting and duplicating a recipe handle the folder here, only
 * ever under that path.
 */
export function createRecipeMedia(dataDirectory: string) {
  const root = path.resolve(dataDirectory, 'media', 'recipes')
  const folderOf = (recipeId: string) => {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(recipeId)) {
      throw new Error(`not a recipe id: ${recipeId}`)
    }
    const folder = path.resolve(root, recipeId)
    if (path.dirname(folder) !== root) throw new Error(`outside the recipes' media: ${recipeId}`)
    return folder
  }
  return {
    folderOf,
    async remove(recipeId: string): Promise<void> {
      await fs.rm(folderOf(recipeId), { recursive: true, force: true })
    },
    /** Copies the folder when there is one. */
    async copy(fromRecipeId: string, toRecipeId: string): Promise<void> {
      try {
        await fs.cp(folderOf(fromRecipeId), folderOf(toRecipeId), { recursive: true, errorOnExist: false })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    },
  }
}

export type RecipeMedia = ReturnType<typeof createRecipeMedia>
