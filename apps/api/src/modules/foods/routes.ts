import {
  createFood,
  createLabel,
  createUnit,
  deleteFood,
  deleteLabel,
  deleteUnit,
  getFood,
  getLabel,
  getUnit,
  listFoods,
  listLabels,
  listUnits,
  mergeFoods,
  mergeUnits,
  seedFoods,
  seedLabels,
  seedUnits,
  updateFood,
  updateLabel,
  updateUnit,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { LabelService } from './labels.service.js'
import type { SeederService } from './seeders.service.js'
import type { FoodService } from './service.js'
import type { UnitService } from './units.service.js'

export function registerFoodRoutes(
  app: FastifyInstance,
  deps: { foods: FoodService; units: UnitService; labels: LabelService; seeders: SeederService },
): void {
  const { foods, units, labels, seeders } = deps

  registerEndpoint(app, listFoods, ({ caller, query }) => foods.page(caller, query, '/foods'))
  registerEndpoint(app, createFood, ({ caller, body }) => foods.create(caller, body))
  registerEndpoint(app, mergeFoods, ({ caller, body }) => foods.merge(caller, body.fromFood, body.toFood))
  registerEndpoint(app, getFood, ({ caller, params }) => foods.get(caller, params.id))
  registerEndpoint(app, updateFood, ({ caller, params, body }) => foods.replace(caller, params.id, body))
  registerEndpoint(app, deleteFood, ({ caller, params }) => foods.remove(caller, params.id))

  registerEndpoint(app, listUnits, ({ caller, query }) => units.page(caller, query, '/units'))
  registerEndpoint(app, createUnit, ({ caller, body }) => units.create(caller, body))
  registerEndpoint(app, mergeUnits, ({ caller, body }) => units.merge(caller, body.fromUnit, body.toUnit))
  registerEndpoint(app, getUnit, ({ caller, params }) => units.get(caller, params.id))
  registerEndpoint(app, updateUnit, ({ caller, params, body }) => units.replace(caller, params.id, body))
  registerEndpoint(app, deleteUnit, ({ caller, params }) => units.remove(caller, params.id))

  registerEndpoint(app, listLabels, ({ caller, query }) => labels.page(caller, query, '/groups/labels'))
  registerEndpoint(app, createLabel, ({ caller, body }) => labels.create(caller, body))
  registerEndpoint(app, getLabel, ({ caller, params }) => labels.get(caller, params.id))
  registerEndpoint(app, updateLabel, ({ caller, params, body }) =>
    labels.replace(caller, params.id, { name: body.name, color: body.color }),
  )
  registerEndpoint(app, deleteLabel, ({ caller, params }) => labels.remove(caller, params.id))

  registerEndpoint(app, seedFoods, ({ caller, body }) => seeders.foods(caller, body.locale))
  registerEndpoint(app, seedUnits, ({ caller, body }) => seeders.units(caller, body.locale))
  registerEndpoint(app, seedLabels, ({ caller, body }) => seeders.labels(caller, body.locale))
}
