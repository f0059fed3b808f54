import {
  createRecipe,
  deleteRecipe,
  duplicateRecipe,
  getRecipe,
  listRecipes,
  patchRecipe,
  patchRecipes,
  setRecipeLastMade,
  updateRecipe,
  updateRecipes,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { RecipeService } from './service.js'

export function registerRecipeRoutes(app: FastifyInstance, recipes: RecipeService): void {
  registerEndpoint(app, listRecipes, ({ caller, query }) => recipes.list(caller, query))
  registerEndpoint(app, createRecipe, async ({ caller, body, reply }) => {
    const slug = await recipes.create(caller, body.name)
    // A bare JSON string, as Mealie answers: Fastify would send a string as text.
    return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(slug))
  })
  registerEndpoint(app, updateRecipes, ({ caller, body }) => recipes.updateMany(caller, body, 'replace'))
  registerEndpoint(app, patchRecipes, ({ caller, body }) => recipes.updateMany(caller, body, 'merge'))
  registerEndpoint(app, getRecipe, ({ caller, params }) => recipes.get(caller, params.slug))
  registerEndpoint(app, updateRecipe, ({ caller, params, body }) =>
    recipes.update(caller, params.slug, body, 'replace'),
  )
  registerEndpoint(app, patchRecipe, ({ caller, params, body }) => recipes.update(caller, params.slug, body, 'merge'))
  registerEndpoint(app, deleteRecipe, ({ caller, params }) => recipes.delete(caller, params.slug))
  registerEndpoint(app, duplicateRecipe, async ({ caller, params, body, reply }) =>
    reply.status(201).send(await recipes.duplicate(caller, params.slug, body.name)),
  )
  registerEndpoint(app, setRecipeLastMade, ({ caller, params, body }) =>
    recipes.setLastMade(caller, params.slug, body.timestamp),
  )
}
