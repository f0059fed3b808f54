import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import type { FoodsModule } from '../foods/index.js'
import { createPresenceService } from './presence.service.js'
import { registerShoppingRoutes } from './routes.js'
import { createShoppingService } from './service.js'
import { createStoreService } from './stores.service.js'

export type { ShoppingService } from './service.js'
export type { StoreService } from './stores.service.js'
export type { PresenceService } from './presence.service.js'

/**
 * A household's shopping lists, their lines and stores (reference §2.12, issue #32). Lines merge through the kitchen
 * package; foods, units and labels come from the foods area's entry, recipes from the recipes area's. A new label of
 * the group joins every list's label order in the label's own transaction (`onLabelsAdded`).
 */
export function createShoppingModule(deps: { db: Database; foods: FoodsModule }) {
  const { db, foods } = deps
  const shopping = createShoppingService({ db, foods: foods.foods, units: foods.units, labels: foods.labels })
  const stores = createStoreService({ db, labels: foods.labels })
  const presence = createPresenceService({ db })
  foods.onLabelsAdded((tx, scope, labelIds) => shopping.appendLabels(tx, scope, labelIds))
  return {
    service: shopping,
    stores,
    registerRoutes: (app: FastifyInstance) => registerShoppingRoutes(app, shopping, stores, presence),
  }
}

export type ShoppingModule = ReturnType<typeof createShoppingModule>
