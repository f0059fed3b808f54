import {
  createRecipeAction,
  deleteRecipeAction,
  getRecipeAction,
  listRecipeActions,
  triggerRecipeAction,
  updateRecipeAction,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { RecipeActionService } from './service.js'

export function registerRecipeActionRoutes(app: FastifyInstance, actions: RecipeActionService): void {
  registerEndpoint(app, listRecipeActions, ({ caller, query }) => actions.page(caller, query))
  registerEndpoint(app, createRecipeAction, async ({ caller, body, reply }) =>
    reply.status(201).send(await actions.create(caller, body)),
  )
  registerEndpoint(app, getRecipeAction, ({ caller, params }) => actions.get(caller, params.id))
  registerEndpoint(app, updateRecipeAction, ({ caller, params, body }) => actions.update(caller, params.id, body))
  registerEndpoint(app, deleteRecipeAction, ({ caller, params }) => actions.delete(caller, params.id))
  registerEndpoint(app, triggerRecipeAction, async ({ caller, params, reply }) =>
    reply.status(202).send(await actions.trigger(caller, params.id, params.recipeSlug)),
  )
}
