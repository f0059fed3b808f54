import { buildPath, type EndpointDefinition, type AnswerOf } from '@larder/contracts'
import { ApiError, NetworkError, detailMessageOf } from './api-error'
import { readCookie } from './cookies'
import { tokenStorage } from './token-storage'

export interface UploadProgress {
  loaded: number
  /** Null when the browser cannot tell the size of the body. */
  total: number | null
}

export interface UploadOptions {
  params?: Record<string, string>
  query?: Record<string, string | undefined>
  form: FormData
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

function parseBody(text: string, contentType: string): unknown {
  if (text === '') return null
  if (!contentType.includes('json')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Sends a multipart form to a form endpoint with upload progress. fetch reports no upload progress (a streamed
 * request body needs HTTP/2, which a self-hosted server behind no proxy rarely speaks), so this is the one place that
 * uses XMLHttpRequest; it sends the same credentials as the app's client (bearer token, XSRF header, cookies).
 * Failures reject with ApiError (the server's sentence as the message) or NetworkError, and are not notified: the
 * upload screens show them in place.
 */
export function uploadForm<Endpoint extends EndpointDefinition>(
  endpoint: Endpoint,
  options: UploadOptions,
): Promise<AnswerOf<Endpoint>> {
  const url = new URL(buildPath(endpoint.path, options.params ?? {}), window.location.origin)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value)
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(endpoint.method, url.href)
    request.withCredentials = true
    const token = tokenStorage.read()
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    const xsrf = readCookie('XSRF-TOKEN')
    if (xsrf) request.setRequestHeader('X-XSRF-TOKEN', xsrf)
    request.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null })
    request.onload = () => {
      const body = parseBody(request.responseText, request.getResponseHeader('content-type') ?? '')
      if (request.status >= 200 && request.status < 300) return resolve(body as AnswerOf<Endpoint>)
      const message = detailMessageOf(body) ?? `${request.status} ${request.statusText}`.trim()
      reject(new ApiError(request.status, message, body, false))
    }
    request.onerror = () => reject(new NetworkError())
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    options.signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(options.form)
  })
}
