import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

export const getUserImage = endpoint({
  method: 'GET',
  path: '/api/media/users/:id/:fileName',
  summary: "A user's profile picture (image/webp)",
  tags: ['Media'],
  auth: 'public',
  params: z.object({ id: z.string().max(64), fileName: z.string().max(100) }),
  responses: { 200: null, 404: ErrorResponse },
})

export const mediaEndpoints = [getUserImage] as const
