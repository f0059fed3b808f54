import { z } from 'zod'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { endpointGroup } from '../endpoint.js'

/** GET /api/admin/maintenance (Mealie's MaintenanceSummary): the data folder's size and what a clean would remove. */
export const MaintenanceSummary = z
  .object({
    /** DATA_DIR as a whole, the database included, as Mealie writes sizes ("12.05 MB"). */
    dataDirSize: z.string(),
    /** Files in recipes' picture folders that Larder never serves. */
    cleanableImages: z.number().int(),
    /** Recipe media folders of no recipe in the database. */
    cleanableDirs: z.number().int(),
  })
  .meta({ id: 'MaintenanceSummary' })
export type MaintenanceSummary = z.infer<typeof MaintenanceSummary>

/** GET /api/admin/maintenance/storage (Mealie's MaintenanceStorageDetails): each folder's size. */
export const MaintenanceStorageDetails = z
  .object({
    tempDirSize: z.string(),
    backupsDirSize: z.string(),
    groupsDirSize: z.string(),
    recipesDirSize: z.string(),
    userDirSize: z.string(),
  })
  .meta({ id: 'MaintenanceStorageDetails' })
export type MaintenanceStorageDetails = z.infer<typeof MaintenanceStorageDetails>

const maintenance = endpointGroup({
  tags: ['Admin: Maintenance'],
  auth: 'admin',
  errors: { 500: ErrorResponse },
})
const path = '/api/admin/maintenance'

export const getMaintenanceSummary = maintenance.endpoint({
  method: 'GET',
  path,
  summary: "The data folder's size and the counts of cleanable pictures and recipe folders",
  responses: { 200: MaintenanceSummary },
})

export const getMaintenanceStorage = maintenance.endpoint({
  method: 'GET',
  path: `${path}/storage`,
  summary: 'The size of each folder of the data folder',
  responses: { 200: MaintenanceStorageDetails },
})

export const cleanImages = maintenance.endpoint({
  method: 'POST',
  path: `${path}/clean/images`,
  summary: "Delete the files in recipes' picture folders that Larder never serves",
  responses: { 200: SuccessResponse },
})

export const cleanTemp = maintenance.endpoint({
  method: 'POST',
  path: `${path}/clean/temp`,
  summary: "Empty the data folder's .temp folder",
  responses: { 200: SuccessResponse },
})

export const cleanRecipeFolders = maintenance.endpoint({
  method: 'POST',
  path: `${path}/clean/recipe-folders`,
  summary: 'Delete the recipe media folders of no recipe in the database',
  responses: { 200: SuccessResponse },
})

export const maintenanceEndpoints = [
  getMaintenanceSummary,
  getMaintenanceStorage,
  cleanImages,
  cleanTemp,
  cleanRecipeFolders,
] as const
