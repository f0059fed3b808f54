import fs from 'node:fs/promises'
import type { Executor } from '../../db/client.js'
import { recipeTimelineImagesDirectory } from '../../lib/media-paths.js'
import type { RatingRepo } from './ratings.repo.js'
import type { TimelineRepo } from './timeline.repo.js'

/**
 * What a user's recipe activity leaves to settle when an administrator deletes the account. The rows go with the user
 * (ON DELETE CASCADE); what the cascade cannot do is recompute the averages their ratings counted in, or remove the
 * pictures of their timeline events from the recipes' media folders.
 */
export function createUserDepartureService(deps: { ratings: RatingRepo; events: TimelineRepo; dataDirectory: string }) {
  const { ratings, events, dataDirectory } = deps

  return {
    /**
     * Inside the transaction that deletes the user, before the user's row goes: the rated recipes are locked (as a
     * rating change locks them), the user's ratings deleted and those averages recomputed. Answers what to run once
     * the transaction has committed: removing the event pictures, which a rollback must not have lost.
     */
    async settle(tx: Executor, user: { id: string; groupId: string }): Promise<() => Promise<void>> {
      const ratedRecipeIds = await ratings.lockRecipesRatedBy(tx, user.id)
      await ratings.deleteAllOfUser(tx, user.id)
      await ratings.recomputeRecipeRatings(tx, user, ratedRecipeIds)
      const pictured = await events.withImagesByUser(tx, user.id)
      return async () => {
        for (const event of pictured) {
          await fs.rm(recipeTimelineImagesDirectory(dataDirectory, event.recipeId, event.id), {
            recursive: true,
            force: true,
          })
        }
      }
    },
  }
}

export type UserDepartureService = ReturnType<typeof createUserDepartureService>
