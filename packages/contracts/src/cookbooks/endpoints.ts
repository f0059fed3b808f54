import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import { CreateCookBook, ReadCookBook, RecipeCookBook, UpdateCookBook } from './models.js'

const path = '/api/households/cookbooks'

/** Household scope: a member sees and edits only their household's cookbooks; any member may write (docs/mealie-compatibility.md "Cookbooks"). */
const cookbooks = endpointGroup({
  tags: ['Households: Cookbooks'],
  auth: 'user',
  errors: { 404: ErrorResponse },
})

export const listCookbooks = cookbooks.endpoint({
  method: 'GET',
  path,
  summary: "List the household's cookbooks",
  query: PaginationQuery,
  responses: { 200: paginated(ReadCookBook) },
})

export const createCookbook = cookbooks.endpoint({
  method: 'POST',
  path,
  summary: 'Create a cookbook',
  body: CreateCookBook,
  responses: { 201: ReadCookBook, 409: ErrorResponse },
})

export const updateCookbooks = cookbooks.endpoint({
  method: 'PUT',
  path,
  summary: 'Replace several cookbooks at once (re-ordering)',
  body: z.array(UpdateCookBook).max(500),
  responses: { 200: z.array(ReadCookBook), 409: ErrorResponse },
})

export const getCookbook = cookbooks.endpoint({
  method: 'GET',
  path: `${path}/:id`,
  summary: 'Read one cookbook by id or slug, with the recipes its filter selects',
  params: z.object({ id: z.string().min(1).max(200) }),
  responses: { 200: RecipeCookBook },
})

export const updateCookbook = cookbooks.endpoint({
  method: 'PUT',
  path: `${path}/:id`,
  summary: 'Replace a cookbook',
  params: z.object({ id: z.uuid() }),
  body: CreateCookBook,
  responses: { 200: ReadCookBook, 409: ErrorResponse },
})

export const deleteCookbook = cookbooks.endpoint({
  method: 'DELETE',
  path: `${path}/:id`,
  summary: 'Delete a cookbook; answers it as it was',
  params: z.object({ id: z.uuid() }),
  responses: { 200: ReadCookBook },
})

export const cookbookEndpoints = [
  listCookbooks,
  createCookbook,
  updateCookbooks,
  getCookbook,
  updateCookbook,
  deleteCookbook,
] as const
