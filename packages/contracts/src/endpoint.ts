import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Who may call an endpoint at all; finer rules are guards. */
export type Access = 'public' | 'user' | 'admin'

/** Route guards of product spec §6, enforced on the server for every call (DESIGN §6). */
export const guardNames = [
  'admin',
  'advanced',
  'canManage',
  'canManageHousehold',
  'canInvite',
  'canOrganize',
  'groupMember',
] as const
export type Guard = (typeof guardNames)[number]

/** How a request body is encoded. `form` accepts urlencoded and multipart as well as JSON. */
export type BodyEncoding = 'json' | 'form'

export interface EndpointDefinition {
  method: HttpMethod
  /** Fastify-style path, e.g. `/api/recipes/:slug`. */
  path: string
  summary: string
  tags: readonly string[]
  auth: Access
  guards?: readonly Guard[]
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  bodyEncoding?: BodyEncoding
  /** Answers by status code; `null` means an empty body. */
  responses: Readonly<Record<number, z.ZodType | null>>
  /** Hidden from the OpenAPI document (Mealie hides its validators, for instance). */
  hidden?: boolean
}

/**
 * Declares one endpoint. The API registers its route from this object, the web client calls through it and the
 * OpenAPI document describes it: one declaration, three uses.
 */
export function endpoint<const Definition extends EndpointDefinition>(definition: Definition): Definition {
  return definition
}

type ZodOutput<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined
type ZodInput<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined

export type ParamsOf<E extends EndpointDefinition> = ZodOutput<E['params']>
export type QueryOf<E extends EndpointDefinition> = ZodOutput<E['query']>
export type BodyOf<E extends EndpointDefinition> = ZodOutput<E['body']>
export type BodyInputOf<E extends EndpointDefinition> = ZodInput<E['body']>
export type QueryInputOf<E extends EndpointDefinition> = ZodInput<E['query']>
export type ParamsInputOf<E extends EndpointDefinition> = ZodInput<E['params']>

type SuccessStatus = 200 | 201 | 202 | 204
/** The body of the endpoint's success answer. */
export type ResponseOf<E extends EndpointDefinition> = {
  [Status in keyof E['responses']]: Status extends SuccessStatus
    ? E['responses'][Status] extends z.ZodType
      ? z.input<E['responses'][Status]>
      : null
    : never
}[keyof E['responses']]

/** Fills `:name` segments of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(String(value))
  })
}
