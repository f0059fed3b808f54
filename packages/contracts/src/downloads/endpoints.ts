import { z } from 'zod'
import { endpoint } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'

/**
 * `GET /api/utils/download?token=` (docs/mealie-compatibility.md "Downloads"): the file a short-lived token names, as an
 * `application/octet-stream` attachment. No sign-in: the signed token is the authority. A missing token is a 400, a
 * bad or expired one a 401, a file that is gone (purged, expired) a 404.
 */
export const downloadFile = endpoint({
  method: 'GET',
  path: '/api/utils/download',
  summary: 'Download the file a token from an export or backup route names',
  tags: ['Utils'],
  auth: 'public',
  query: z.object({ token: z.string().max(4000).optional() }),
  responses: { 200: null, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
})

export const downloadEndpoints = [downloadFile] as const
