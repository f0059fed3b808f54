import { getRecipeAsset, getRecipeImage, getRecipeTimelineImage } from '@larder/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { Conditions, MediaFile, MediaService } from './service.js'

const conditionsOf = (request: FastifyRequest): Conditions => ({
  ifNoneMatch: request.headers['if-none-match'],
  ifModifiedSince: request.headers['if-modified-since'],
})

function send(reply: FastifyReply, file: MediaFile | null) {
  if (!file) throw notFound('File not found')
  reply.headers(file.headers)
  if (!file.stream) return reply.code(304).send()
  return reply.send(file.stream)
}

/** `/api/media/recipes/…`: pictures and attachments, public, streamed, with validators for conditional requests. */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService): void {
  registerEndpoint(app, getRecipeImage, async ({ params, query, request, reply }) =>
    send(reply, await media.recipeImage(params.id, params.fileName, Boolean(query.version), conditionsOf(request))),
  )
  registerEndpoint(app, getRecipeTimelineImage, async ({ params, query, request, reply }) =>
    send(
      reply,
      await media.timelineImage(
        params.id,
        params.eventId,
        params.fileName,
        Boolean(query.version),
        conditionsOf(request),
      ),
    ),
  )
  registerEndpoint(app, getRecipeAsset, async ({ params, request, reply }) =>
    send(reply, await media.recipeAsset(params.id, params.fileName, conditionsOf(request))),
  )
}
