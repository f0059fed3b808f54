import { getRecipeAsset, getRecipeImage, getRecipeTimelineImage } from '@larder/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { Audience, Conditions, MediaFile, MediaService } from './service.js'

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

/** `/api/media/recipes/…`: pictures and attachments, streamed, with validators for conditional requests. */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService): void {
  /** Who the answer is for; anyone the recipe's media are not for gets the same 404 as for a missing file. */
  async function audienceOf(request: FastifyRequest, recipeId: string, token: string | undefined): Promise<Audience> {
    const audience = await media.audienceOf(recipeId, token, () => request.optionalCaller())
    if (!audience) throw notFound('File not found')
    return audience
  }

  registerEndpoint(app, getRecipeImage, async ({ params, query, request, reply }) => {
    const audience = await audienceOf(request, params.id, query.token)
    const versioned = Boolean(query.version)
    return send(reply, await media.recipeImage(params.id, params.fileName, versioned, audience, conditionsOf(request)))
  })
  registerEndpoint(app, getRecipeTimelineImage, async ({ params, query, request, reply }) => {
    const audience = await audienceOf(request, params.id, query.token)
    const ids = { recipeId: params.id, eventId: params.eventId }
    const versioned = Boolean(query.version)
    return send(reply, await media.timelineImage(ids, params.fileName, versioned, audience, conditionsOf(request)))
  })
  registerEndpoint(app, getRecipeAsset, async ({ params, query, request, reply }) => {
    const audience = await audienceOf(request, params.id, query.token)
    return send(reply, await media.recipeAsset(params.id, params.fileName, audience, conditionsOf(request)))
  })
}
