import type { Database } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import { copyRecipeMedia, removeRecipeMedia } from '../../lib/recipe-images.js'
import { pruneRecipeAssets } from './assets.service.js'

/**
 * A recipe's media folder, `DATA_DIR/media/recipes/<id>` (images, timeline images, assets), as the recipe service
 * handles it: removed on delete, copied whole on duplicate (lib/recipe-images.ts), and pruned of asset files the
 * recipe no longer names after an update (assets.service.ts).
 */
export function createRecipeMedia(dataDirectory: string, db: Database) {
  return {
    remove: (recipeId: string) => removeRecipeMedia(dataDirectory, recipeId),
    /** Copies the folder when there is one. */
    copy: (fromRecipeId: string, toRecipeId: string) => copyRecipeMedia(dataDirectory, fromRecipeId, toRecipeId),
    /** After an update committed: asset files not named in `assets[].fileName` go (docs/mealie-compatibility.md "Recipe images and assets"). */
    pruneAssets: (scope: Scope, recipeIds: readonly string[]) => pruneRecipeAssets(db, dataDirectory, scope, recipeIds),
  }
}

export type RecipeMedia = ReturnType<typeof createRecipeMedia>
