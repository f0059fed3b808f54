import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { FoodsModule } from '../foods/index.js'
import type { MealPlansModule } from '../mealplans/index.js'
import { createShoppingAnswers } from './answers.js'
import { createCatalogue } from './catalogue.js'
import { createItemService } from './items.service.js'
import { createListLock } from './list-lock.js'
import { createListService } from './lists.service.js'
import { createMealPlanShoppingService } from './mealplan.service.js'
import { createPresenceService } from './presence.service.js'
import { scheduleTombstonePruning } from './pruning.js'
import { createListRecipeService } from './recipes.service.js'
import { registerShoppingRoutes } from './routes.js'
import { createStoreService } from './stores.service.js'

export type { ListService } from './lists.service.js'
export type { ItemService } from './items.service.js'
export type { ListRecipeService } from './recipes.service.js'
export type { MealPlanShoppingService } from './mealplan.service.js'
export type { StoreService } from './stores.service.js'
export type { PresenceService } from './presence.service.js'

/**
 * A household's shopping lists, their lines and stores (docs/mealie-compatibility.md "Shopping lists", issue #32). Lines
 * merge through the kitchen package; foods, units and labels come from the foods area's entry, recipes from the
 * recipes area's, a date range's plan entries from the meal-plan area's. A new label of the group joins every list's
 * label order in the label's own transaction (`onLabelsAdded`). Deleted lines are kept as tombstones for
 * EVENTS_RETENTION_DAYS (pruning.ts).
 *
 * Every write to a list's lines takes the same path: lock the list (list-lock.ts), edit its lines in memory
 * (lines.ts, merging through the kitchen package), write what changed under the list's next version and announce it
 * (save-lines.ts). The services differ only in what they put on the lines.
 */
export function createShoppingModule(deps: {
  config: Config
  db: Database
  jobs: JobRunner
  foods: FoodsModule
  mealplans: MealPlansModule
}) {
  const { db, foods, mealplans } = deps
  const catalogueDeps = { foods: foods.foods, units: foods.units, labels: foods.labels }
  const answers = createShoppingAnswers(catalogueDeps)
  const catalogue = createCatalogue(catalogueDeps)
  const lock = createListLock({ units: foods.units })
  const services = {
    lists: createListService({ db, answers, labels: foods.labels }),
    items: createItemService({ db, answers, catalogue, lock }),
    recipes: createListRecipeService({ db, answers, catalogue, lock }),
    mealplan: createMealPlanShoppingService({ db, answers, catalogue, lock, plan: mealplans }),
    stores: createStoreService({ db, labels: foods.labels }),
    presence: createPresenceService({ db }),
  }
  foods.onLabelsAdded((tx, scope, labelIds) => services.lists.appendLabels(tx, scope, labelIds))
  scheduleTombstonePruning({ jobs: deps.jobs, db, retentionDays: deps.config.EVENTS_RETENTION_DAYS })
  return {
    ...services,
    registerRoutes: (app: FastifyInstance) => registerShoppingRoutes(app, services),
  }
}

export type ShoppingModule = ReturnType<typeof createShoppingModule>
