import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.js'
import { labelRepo } from './labels.repo.js'
import { createLabelService, createLabelsAdded, type LabelsAddedListener } from './labels.service.js'
import { foodRepo, foodsOnHandRepo } from './repo.js'
import { registerFoodRoutes } from './routes.js'
import { createSeederService } from './seeders.service.js'
import { createFoodService } from './service.js'
import { unitRepo } from './units.repo.js'
import { createUnitService } from './units.service.js'

export type { LabelService, LabelsAddedListener } from './labels.service.js'
export type { SeederService } from './seeders.service.js'
export type { FoodService } from './service.js'
export type { UnitService } from './units.service.js'
export { seedCatalogues, seedEntryNamed, type LocaleCatalogue } from './seed-data/catalogue.js'

/**
 * Foods, units, labels and their seeders (docs/mealie-compatibility.md "Foods, units and labels"). Foods share the per-household on-hand rule and repo of
 * tools, which the organizers area's entry exports (`createOnHandRepo`, `applyOnHandChange`).
 */
export function createFoodsModule(deps: { db: Database }) {
  const { db } = deps
  const foods = createFoodService({ db, foods: foodRepo, labels: labelRepo, onHand: foodsOnHandRepo })
  const units = createUnitService({ db, units: unitRepo })
  const labelsAdded = createLabelsAdded()
  const labels = createLabelService({ db, labels: labelRepo, labelsAdded })
  const seeders = createSeederService({ db, foods: foodRepo, units: unitRepo, labels: labelRepo, labelsAdded })
  return {
    foods,
    units,
    labels,
    seeders,
    /**
     * Runs `listener` in the transaction that gives a group new labels (created or seeded): shopping lists append
     * them to their label order.
     */
    onLabelsAdded: (listener: LabelsAddedListener) => labelsAdded.subscribe(listener),
    registerRoutes: (app: FastifyInstance) => registerFoodRoutes(app, { foods, units, labels, seeders }),
  }
}

export type FoodsModule = ReturnType<typeof createFoodsModule>
