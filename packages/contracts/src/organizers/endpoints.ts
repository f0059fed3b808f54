import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { RecipeSummary } from '../recipes/models.js'
import { CreateOrganizer, CreateTool, OrganizerCreated, RecipeCategory, RecipeTag, RecipeTool } from './models.js'

const byId = z.object({ id: z.uuid() })
const bySlug = z.object({ slug: z.string().min(1).max(200) })
const ListQuery = PaginationQuery.extend({ search: z.string().max(500).optional() })

/**
 * Reading organizers is open to every member; writing them needs canOrganize, enforced here on the server where
 * Mealie 2.0 only hides the buttons (docs/security.md "Access flags and guards").
 */
function organizerEndpoints<
  Item extends z.ZodType,
  Detail extends z.ZodType,
  Body extends z.ZodType,
  Created extends z.ZodType,
>(options: { path: string; tag: string; noun: string; item: Item; detail: Detail; body: Body; created: Created }) {
  const read = endpointGroup({ tags: [options.tag], auth: 'user', errors: { 404: ErrorResponse } })
  const write = endpointGroup({
    tags: [options.tag],
    auth: 'user',
    guards: ['canOrganize'],
    errors: { 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
  })
  return {
    list: read.endpoint({
      method: 'GET',
      path: options.path,
      summary: `List the group's ${options.noun}s`,
      query: ListQuery,
      responses: { 200: paginated(options.item) },
    }),
    create: write.endpoint({
      method: 'POST',
      path: options.path,
      summary: `Create a ${options.noun}`,
      body: options.body,
      responses: { 201: options.created },
    }),
    get: read.endpoint({
      method: 'GET',
      path: `${options.path}/:id`,
      summary: `Read one ${options.noun}`,
      params: byId,
      responses: { 200: options.item },
    }),
    getBySlug: read.endpoint({
      method: 'GET',
      path: `${options.path}/slug/:slug`,
      summary: `Read one ${options.noun} by slug, with its recipes`,
      params: bySlug,
      responses: { 200: options.detail },
    }),
    update: write.endpoint({
      method: 'PUT',
      path: `${options.path}/:id`,
      summary: `Rename a ${options.noun}`,
      params: byId,
      body: options.body,
      responses: { 200: options.item },
    }),
    remove: write.endpoint({
      method: 'DELETE',
      path: `${options.path}/:id`,
      summary: `Delete a ${options.noun}; recipes keep everything else`,
      params: byId,
      responses: { 200: options.item },
    }),
    empty: read.endpoint({
      method: 'GET',
      path: `${options.path}/empty`,
      summary: `List the ${options.noun}s no recipe uses`,
      responses: { 200: z.array(options.item) },
    }),
  }
}

const withRecipes = { recipes: z.array(RecipeSummary) }

export const categoryEndpoints = organizerEndpoints({
  path: '/api/organizers/categories',
  tag: 'Organizer: Categories',
  noun: 'category',
  item: RecipeCategory,
  detail: RecipeCategory.extend(withRecipes).meta({ id: 'RecipeCategoryResponse' }),
  body: CreateOrganizer,
  created: OrganizerCreated,
})

export const tagEndpoints = organizerEndpoints({
  path: '/api/organizers/tags',
  tag: 'Organizer: Tags',
  noun: 'tag',
  item: RecipeTag,
  detail: RecipeTag.extend(withRecipes).meta({ id: 'RecipeTagResponse' }),
  body: CreateOrganizer,
  created: OrganizerCreated,
})

export const toolEndpoints = organizerEndpoints({
  path: '/api/organizers/tools',
  tag: 'Organizer: Tools',
  noun: 'tool',
  item: RecipeTool,
  detail: RecipeTool.extend(withRecipes).meta({ id: 'RecipeToolResponse' }),
  body: CreateTool,
  created: RecipeTool,
})

export const organizerEndpointList = [
  ...Object.values(categoryEndpoints),
  ...Object.values(tagEndpoints),
  ...Object.values(toolEndpoints),
] as const
