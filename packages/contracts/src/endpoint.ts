import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Who may call an endpoint at all; finer rules are guards. */
export type Access = 'public' | 'user' | 'admin'

/** Route guards of docs/web.md "Route guards", enforced on the server for every call (docs/security.md "Identity and permissions"). */
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
  /**
   * Uploads: the parts of the multipart body, files as `z.file()` (repeated parts as an array of them). OpenAPI
   * describes them as `multipart/form-data`; the handler reads the stream through the server's upload reader, so
   * registerEndpoint does not parse them.
   */
  multipart?: z.ZodObject
  /** Answers by status code; `null` means an empty body. */
  responses: Readonly<Record<number, z.ZodType | null>>
  /** Hidden from the OpenAPI document (Mealie hides its validators, for instance). */
  hidden?: boolean
  /**
   * Lists only: what the caller can read about each item through other endpoints, when that is more than the item
   * shows (a recipe list's items are summaries of recipes the caller reads whole). Filters and orders may reach what
   * this schema shows; without it, only what the items show.
   */
  filterable?: z.ZodType
}

/**
 * Declares one endpoint. The API registers its route from this object, the web client calls through it and the
 * OpenAPI document describes it: one declaration, three uses.
 */
export function endpoint<const Definition extends EndpointDefinition>(definition: Definition): Definition {
  return definition
}

/** What the endpoints of a group share: declared once by `endpointGroup`, merged into each declaration. */
export interface EndpointGroupDefaults {
  tags: readonly string[]
  auth: Access
  guards?: readonly Guard[]
  /** Answers every endpoint of the group may give; an endpoint's own `responses` come on top. */
  errors?: EndpointDefinition['responses']
}

/** A declaration inside a group: what is its own; tags, auth and guards only where they differ from the group's. */
export type GroupedDefinition = Omit<EndpointDefinition, 'tags' | 'auth'> &
  Partial<Pick<EndpointDefinition, 'tags' | 'auth'>>

type Simplify<T> = { [Key in keyof T]: T[Key] } & {}
type ErrorsOf<Defaults> = Defaults extends { errors: infer Errors } ? Errors : Record<never, never>

/** The declaration a group makes: the group's fields, then the endpoint's own, with both sets of responses. */
export type Grouped<Defaults extends EndpointGroupDefaults, Definition extends GroupedDefinition> = Simplify<
  Omit<Defaults, 'errors' | keyof Definition> &
    Omit<Definition, 'responses'> & {
      responses: Simplify<Omit<ErrorsOf<Defaults>, keyof Definition['responses']> & Definition['responses']>
    }
>

/**
 * Declares endpoints that share tags, access, guards and error answers, so that each declaration keeps only what is
 * its own: `const group = endpointGroup({ tags: ['Groups'], auth: 'user' })`, then `group.endpoint({ … })`. The
 * declarations are as precisely typed as `endpoint()`'s.
 */
export function endpointGroup<const Defaults extends EndpointGroupDefaults>(defaults: Defaults) {
  const { errors = {}, ...shared } = defaults
  return {
    endpoint<const Definition extends GroupedDefinition>(definition: Definition): Grouped<Defaults, Definition> {
      const declaration = { ...shared, ...definition, responses: { ...errors, ...definition.responses } }
      return declaration as unknown as Grouped<Defaults, Definition>
    },
  }
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

/**
 * What a client receives on success: the declared schema's output, since the server serialises every answer through
 * it (defaults filled, undeclared fields dropped). `ResponseOf` is what a handler may hand in.
 */
export type AnswerOf<E extends EndpointDefinition> = {
  [Status in keyof E['responses']]: Status extends SuccessStatus
    ? E['responses'][Status] extends z.ZodType
      ? z.output<E['responses'][Status]>
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

/**
 * The query string of a call's query values, as the web client sends it: arrays repeat the key, as Mealie's API
 * expects; absent values are left out.
 */
export function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return ''
  const pairs: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`)
    }
  }
  return pairs.join('&')
}

/**
 * The address a call asks for (path and query string), exactly as the web client sends it: the server embeds
 * answers in a page under it (first paint), and the client finds them there by the same address.
 */
export function endpointAddress<E extends EndpointDefinition>(
  endpoint: E,
  options: { params?: ParamsInputOf<E>; query?: QueryInputOf<E> } = {},
): string {
  const path = buildPath(endpoint.path, (options.params ?? {}) as Record<string, string | number>)
  const search = queryString(options.query)
  return search ? `${path}?${search}` : path
}
