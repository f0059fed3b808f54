import {
  buildPath,
  queryString,
  type BodyInputOf,
  type EndpointDefinition,
  type ParamsInputOf,
  type QueryInputOf,
  type AnswerOf,
} from '@larder/contracts'
import type { HttpClient } from './client'

export interface CallOptions<Endpoint extends EndpointDefinition> {
  params?: ParamsInputOf<Endpoint>
  query?: QueryInputOf<Endpoint>
  body?: BodyInputOf<Endpoint>
  /** False to handle failures quietly (no notification). */
  notify?: boolean
  /** Extra request headers (an offline write's `Idempotency-Key`). */
  headers?: Record<string, string>
  /** Lets the request outlive the page (fetch's `keepalive`): a goodbye sent as the tab closes. */
  keepalive?: boolean
}

export type Call = <Endpoint extends EndpointDefinition>(
  endpoint: Endpoint,
  options?: CallOptions<Endpoint>,
) => Promise<AnswerOf<Endpoint>>

/** One form field as text: booleans and numbers as written, anything structured as JSON. */
function formValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? ''
}

/** Form bodies as FormData with booleans as "true"/"false", as Mealie's web client sends them. */
function toFormData(body: unknown): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    if (value instanceof Blob) form.append(key, value)
    else form.append(key, formValue(value))
  }
  return form
}

/** A typed caller over the contracts: method, path and body encoding come from the endpoint declaration. */
export function createCall(client: HttpClient): Call {
  return async (endpoint, options = {}) => {
    const path = buildPath(endpoint.path, (options.params ?? {}) as Record<string, string | number>)
    const hasBody = options.body !== undefined
    const search = queryString(options.query)
    const body = await client.send({
      method: endpoint.method,
      path,
      ...(search ? { searchParams: new URLSearchParams(search) } : {}),
      ...(hasBody && endpoint.bodyEncoding === 'form' ? { body: toFormData(options.body) } : {}),
      ...(hasBody && endpoint.bodyEncoding !== 'form' ? { json: options.body } : {}),
      ...(options.notify === undefined ? {} : { notify: options.notify }),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    })
    // The server writes every answer from the schema its contract declares for the status (only declared fields
    // reach the wire) and its tests parse each answer against that schema; the client trusts them instead of
    // shipping zod parsing code into the first page load.
    return body as never
  }
}
