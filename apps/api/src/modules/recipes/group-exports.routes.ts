import {
  deleteRecipeExport,
  getRecipeExportToken,
  listRecipeExports,
  purgeRecipeExports,
  retryRecipeExport,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { GroupExportService } from './group-exports.service.js'

/** The group's stored exports (docs/mealie-compatibility.md "Recipe bulk actions"); `POST …/export`, which starts one, is a bulk action. */
export function registerGroupExportRoutes(app: FastifyInstance, exports: GroupExportService): void {
  registerEndpoint(app, listRecipeExports, ({ caller }) => exports.list(caller))
  registerEndpoint(app, getRecipeExportToken, ({ caller, query }) => exports.downloadToken(caller, query.path))
  registerEndpoint(app, purgeRecipeExports, ({ caller }) => exports.purge(caller))
  registerEndpoint(app, retryRecipeExport, ({ caller, params }) => exports.retry(caller, params.id))
  registerEndpoint(app, deleteRecipeExport, ({ caller, params }) => exports.remove(caller, params.id))
}
