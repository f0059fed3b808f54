import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import {
  CreateIngredientFood,
  CreateIngredientUnit,
  CreateLabel,
  IngredientFood,
  IngredientUnit,
  MergeFoods,
  MergeUnits,
  MultiPurposeLabel,
  SeedRequest,
  UpdateLabel,
} from './models.js'

const byId = z.object({ id: z.uuid() })
const ListQuery = PaginationQuery.extend({ search: z.string().max(500).optional() })
const readErrors = { 404: ErrorResponse }
const writeErrors = { 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse }

const foodsRead = endpointGroup({ tags: ['Recipes: Foods'], auth: 'user', errors: readErrors })
const foodsWrite = endpointGroup({
  tags: ['Recipes: Foods'],
  auth: 'user',
  guards: ['canOrganize'],
  errors: writeErrors,
})

export const listFoods = foodsRead.endpoint({
  method: 'GET',
  path: '/api/foods',
  summary: "List the group's foods",
  query: ListQuery,
  responses: { 200: paginated(IngredientFood) },
})
export const createFood = foodsWrite.endpoint({
  method: 'POST',
  path: '/api/foods',
  summary: 'Create a food',
  body: CreateIngredientFood,
  responses: { 201: IngredientFood },
})
export const mergeFoods = foodsWrite.endpoint({
  method: 'PUT',
  path: '/api/foods/merge',
  summary: 'Point every ingredient of one food at another, then delete the first',
  body: MergeFoods,
  responses: { 200: SuccessResponse, 400: ErrorResponse },
})
export const getFood = foodsRead.endpoint({
  method: 'GET',
  path: '/api/foods/:id',
  summary: 'Read one food',
  params: byId,
  responses: { 200: IngredientFood },
})
export const updateFood = foodsWrite.endpoint({
  method: 'PUT',
  path: '/api/foods/:id',
  summary: 'Replace a food',
  params: byId,
  body: CreateIngredientFood,
  responses: { 200: IngredientFood },
})
export const deleteFood = foodsWrite.endpoint({
  method: 'DELETE',
  path: '/api/foods/:id',
  summary: 'Delete a food; ingredients keep their quantity and note',
  params: byId,
  responses: { 200: IngredientFood },
})

const unitsRead = endpointGroup({ tags: ['Recipes: Units'], auth: 'user', errors: readErrors })
const unitsWrite = endpointGroup({
  tags: ['Recipes: Units'],
  auth: 'user',
  guards: ['canOrganize'],
  errors: writeErrors,
})

export const listUnits = unitsRead.endpoint({
  method: 'GET',
  path: '/api/units',
  summary: "List the group's units",
  query: ListQuery,
  responses: { 200: paginated(IngredientUnit) },
})
export const createUnit = unitsWrite.endpoint({
  method: 'POST',
  path: '/api/units',
  summary: 'Create a unit',
  body: CreateIngredientUnit,
  responses: { 201: IngredientUnit },
})
export const mergeUnits = unitsWrite.endpoint({
  method: 'PUT',
  path: '/api/units/merge',
  summary: 'Point every ingredient of one unit at another, then delete the first',
  body: MergeUnits,
  responses: { 200: SuccessResponse, 400: ErrorResponse },
})
export const getUnit = unitsRead.endpoint({
  method: 'GET',
  path: '/api/units/:id',
  summary: 'Read one unit',
  params: byId,
  responses: { 200: IngredientUnit },
})
export const updateUnit = unitsWrite.endpoint({
  method: 'PUT',
  path: '/api/units/:id',
  summary: 'Replace a unit',
  params: byId,
  body: CreateIngredientUnit,
  responses: { 200: IngredientUnit },
})
export const deleteUnit = unitsWrite.endpoint({
  method: 'DELETE',
  path: '/api/units/:id',
  summary: 'Delete a unit',
  params: byId,
  responses: { 200: IngredientUnit },
})

const labelsRead = endpointGroup({ tags: ['Groups: Multi Purpose Labels'], auth: 'user', errors: readErrors })
const labelsWrite = endpointGroup({
  tags: ['Groups: Multi Purpose Labels'],
  auth: 'user',
  guards: ['canOrganize'],
  errors: writeErrors,
})

export const listLabels = labelsRead.endpoint({
  method: 'GET',
  path: '/api/groups/labels',
  summary: "List the group's labels",
  query: ListQuery,
  responses: { 200: paginated(MultiPurposeLabel) },
})
/** Mealie answers 200, not 201, here (docs/mealie-compatibility.md "Foods, units and labels"). */
export const createLabel = labelsWrite.endpoint({
  method: 'POST',
  path: '/api/groups/labels',
  summary: 'Create a label',
  body: CreateLabel,
  responses: { 200: MultiPurposeLabel },
})
export const getLabel = labelsRead.endpoint({
  method: 'GET',
  path: '/api/groups/labels/:id',
  summary: 'Read one label',
  params: byId,
  responses: { 200: MultiPurposeLabel },
})
export const updateLabel = labelsWrite.endpoint({
  method: 'PUT',
  path: '/api/groups/labels/:id',
  summary: 'Replace a label',
  params: byId,
  body: UpdateLabel,
  responses: { 200: MultiPurposeLabel },
})
export const deleteLabel = labelsWrite.endpoint({
  method: 'DELETE',
  path: '/api/groups/labels/:id',
  summary: 'Delete a label; foods lose it',
  params: byId,
  responses: { 200: MultiPurposeLabel },
})

const seeders = endpointGroup({
  tags: ['Groups: Seeders'],
  auth: 'user',
  guards: ['canOrganize'],
  errors: { 403: ErrorResponse },
})

export const seedFoods = seeders.endpoint({
  method: 'POST',
  path: '/api/groups/seeders/foods',
  summary: "Add a locale's common foods to the group (existing names are kept)",
  body: SeedRequest,
  responses: { 200: SuccessResponse },
})
export const seedUnits = seeders.endpoint({
  method: 'POST',
  path: '/api/groups/seeders/units',
  summary: "Add a locale's common units to the group",
  body: SeedRequest,
  responses: { 200: SuccessResponse },
})
export const seedLabels = seeders.endpoint({
  method: 'POST',
  path: '/api/groups/seeders/labels',
  summary: "Add a locale's common labels to the group",
  body: SeedRequest,
  responses: { 200: SuccessResponse },
})

export const foodEndpoints = [
  listFoods,
  createFood,
  mergeFoods,
  getFood,
  updateFood,
  deleteFood,
  listUnits,
  createUnit,
  mergeUnits,
  getUnit,
  updateUnit,
  deleteUnit,
  listLabels,
  createLabel,
  getLabel,
  updateLabel,
  deleteLabel,
  seedFoods,
  seedUnits,
  seedLabels,
] as const
