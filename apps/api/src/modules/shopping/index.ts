import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { FoodsModule } from '../foods/index.js'
import type { MealPlansModule } from '../mealplans/index.js'
import { createPresenceService } from './presence.service.js'
import { scheduleTombstonePruning } from './pruning.js'
import { registerShoppingRoutes } from './routes.js'
import { createShoppingService } from './service.js'
import { createStoreService } from './stores.service.js'

export type { ShoppingService } from './service.js'
export type { StoreService } from './stores.service.js'
export type { PresenceService } from './presence.service.js'

/**
 * A household's shopping lists, their lines and stores (docs/mealie-compatibility.md "Shopping lists", issue #32). Lines
 * merge through the kitchen package; foods, units and labels come from the foods area's entry, recipes from the
 * recipes area's, a date range's plan entries from the meal-plan area's. A new label of the group joins every list's
 * label order in the label's own transaction (`onLabelsAdded`). Deleted lines are kept as tombstones for
 * EVENTS_RETENTION_DAYS (pruning.ts).
 */
export function createShoppingModule(deps: {
  config: Config
  db: Database
  jobs: JobRunner
  foods: FoodsModule
  mealplans: MealPlansModule
}) {
  const { db, foods, mealplans } = deps
  const shopping = createShoppingService({
    db,
    foods: foods.foods,
    units: foods.units,
    labels: foods.labels,
    plan: mealplans,
  })
  const stores = createStoreService({ db, labels: foods.labels })
  const presence = createPresenceService({ db })
  foods.onLabelsAdded((tx, scope, labelIds) => shopping.appendLabels(tx, scope, labelIds))
  scheduleTombstonePruning({ jobs: deps.jobs, db, retentionDays: deps.config.EVENTS_RETENTION_DAYS })
  return {
    service: shopping,
    stores,
    registerRoutes: (app: FastifyInstance) => registerShoppingRoutes(app, shopping, stores, presence),
  }
}

export type ShoppingModule = ReturnType<typeof createShoppingModule>
