import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import type { FoodsModule } from '../foods/index.js'
import type { MealPlansModule } from '../mealplans/index.js'
import { registerShoppingRoutes } from './routes.js'
import { createShoppingService } from './service.js'
import { createStoreService } from './stores.service.js'

export type { ShoppingService } from './service.js'
export type { StoreService } from './stores.service.js'

/**
 * A household's shopping lists, their lines and stores (reference §2.12, issue #32). Lines merge through the kitchen
 * package; foods, units and labels come from the foods area's entry, recipes from the recipes area's, a date range's plan entries from the meal-plan area's. A new label of
 * the group joins every list's label order in the label's own transaction (`onLabelsAdded`).
 */
export function createShoppingModule(deps: { db: Database; foods: FoodsModule; mealplans: MealPlansModule }) {
  const { db, foods, mealplans } = deps
  const shopping = createShoppingService({
    db,
    foods: foods.foods,
    units: foods.units,
    labels: foods.labels,
    plan: mealplans,
  })
  const stores = createStoreService({ db, labels: foods.labels })
  foods.onLabelsAdded((tx, scope, labelIds) => shopping.appendLabels(tx, scope, labelIds))
  return {
    service: shopping,
    stores,
    registerRoutes: (app: FastifyInstance) => registerShoppingRoutes(app, shopping, stores),
  }
}

export type ShoppingModule = ReturnType<typeof createShoppingModule>
