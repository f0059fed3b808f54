import { exportRecipe, exportRecipeZip } from '@larder/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { attachment } from '../../lib/content-disposition.js'
import type { RecipeExportFile, RecipeExportService } from './exports.service.js'

function sendFile(reply: FastifyReply, file: RecipeExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body)
}

/** Recipe exports (reference §2.7.5, §12.5): the JSON file and the zip. */
export function registerRecipeExportRoutes(app: FastifyInstance, exports: RecipeExportService): void {
  registerEndpoint(app, exportRecipe, async ({ caller, params, reply }) =>
    sendFile(reply, await exports.json(caller, params.slug)),
  )
  registerEndpoint(app, exportRecipeZip, async ({ params, query, request, reply }) => {
    const caller = query.token ? null : await request.optionalCaller()
    return sendFile(reply, await exports.zip(caller, params.slug, query.token))
  })
}
