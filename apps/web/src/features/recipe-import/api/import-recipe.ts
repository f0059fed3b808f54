import {
  createRecipeFromHtmlOrJson,
  createRecipeFromHtmlOrJsonStream,
  createRecipeFromUrl,
  createRecipeFromUrlStream,
  type ScrapeRecipe,
  type ScrapeRecipeData,
} from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import { useState } from 'react'
import { ApiError, NetworkError, detailMessageOf } from '@/api/api-error'
import { call, httpClient } from '@/api/http'
import { readEventStream } from '@/features/recipe-import/event-stream'

export type ImportRequest = { source: 'url'; body: ScrapeRecipe } | { source: 'html'; body: ScrapeRecipeData }

/** The stream could not be used at all (no such route, no stream in the answer): the plain endpoint is asked instead. */
class StreamUnavailable extends Error {}

/** Statuses that say "this server has no streaming import", not "this import failed". */
const noStreamStatuses = new Set([404, 405, 501])

async function apiErrorOf(error: HTTPError): Promise<ApiError> {
  const text = await error.response.text().catch(() => '')
  let body: unknown = text
  try {
    body = JSON.parse(text) as unknown
  } catch {
    // Not JSON: the text itself is the body.
  }
  const { status, statusText } = error.response
  return new ApiError(status, detailMessageOf(body) ?? `${status} ${statusText}`.trim(), body, false)
}

function messageOf(data: string): string {
  try {
    const parsed = JSON.parse(data) as { message?: unknown; slug?: unknown }
    if (typeof parsed.message === 'string') return parsed.message
    if (typeof parsed.slug === 'string') return parsed.slug
  } catch {
    // A plain-text data line is the message itself.
  }
  return data
}

/**
 * POSTs to a streaming create (`…/stream`, docs/mealie-compatibility.md "After Mealie 2.0") through the app's ky client, so the request carries the
 * same bearer token and XSRF header as every other call, and reads its text/event-stream body: `progress` events
 * go to `onProgress`, `done` answers the slug, `error` rejects with the server's sentence.
 */
async function streamImport(request: ImportRequest, onProgress: (message: string) => void): Promise<string> {
  const endpoint = request.source === 'url' ? createRecipeFromUrlStream : createRecipeFromHtmlOrJsonStream
  let response: Response
  try {
    response = await httpClient.ky.post(endpoint.path.slice(1), {
      json: request.body,
      headers: { Accept: 'text/event-stream' },
      retry: 0,
    })
  } catch (error) {
    if (error instanceof HTTPError) {
      if (noStreamStatuses.has(error.response.status)) throw new StreamUnavailable()
      throw await apiErrorOf(error)
    }
    if (error instanceof TypeError) throw new StreamUnavailable()
    throw error
  }
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/event-stream') || !response.body) throw new StreamUnavailable()
  try {
    for await (const event of readEventStream(response.body)) {
      if (event.event === 'progress') onProgress(messageOf(event.data))
      else if (event.event === 'done') return messageOf(event.data)
      else if (event.event === 'error') throw new ApiError(400, messageOf(event.data), null, false)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new NetworkError()
  }
  // The server closed the stream without saying how the import ended.
  throw new NetworkError()
}

function plainImport(request: ImportRequest): Promise<string> {
  return request.source === 'url'
    ? call(createRecipeFromUrl, { body: request.body, notify: false })
    : call(createRecipeFromHtmlOrJson, { body: request.body, notify: false })
}

/**
 * Imports a recipe from a page or from pasted HTML/JSON and answers its slug, with the server's progress messages as
 * they arrive. A server without the streaming routes gets the plain request. Failures are the screen's to show.
 */
export function useImportRecipe() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<string[]>([])
  const mutation = useMutation({
    mutationFn: async (request: ImportRequest) => {
      setProgress([])
      try {
        return await streamImport(request, (message) => setProgress((messages) => [...messages, message]))
      } catch (error) {
        if (error instanceof StreamUnavailable) return plainImport(request)
        throw error
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['recipes'] }),
  })
  return { ...mutation, progress }
}
