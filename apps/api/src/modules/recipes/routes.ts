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
import type { FastifyInstance, FastifyReply } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { RecipeService } from './service.js'

/** Answers that carry `updatedAt` say when the recipe last changed (docs/mealie-compatibility.md "Recipe conventions"). */
function withLastModified<Answer>(reply: FastifyReply, answer: Answer, updatedAt: string | null): Answer {
  if (updatedAt) reply.header('last-modified', new Date(updatedAt).toUTCString())
  return answer
}

export function registerRecipeRoutes(app: FastifyInstance, recipes: RecipeService): void {
  registerEndpoint(app, listRecipes, ({ caller, query }) => recipes.list(caller, query))
  registerEndpoint(app, createRecipe, async ({ caller, body, reply }) => {
    const slug = await recipes.create(caller, body.name, { starterContent: body.starterContent ?? true })
    // A bare JSON string, as Mealie answers: Fastify would send a string as text.
    return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(slug))
  })
  registerEndpoint(app, updateRecipes, ({ caller, body }) => recipes.updateMany(caller, body, 'replace'))
  registerEndpoint(app, patchRecipes, ({ caller, body }) => recipes.updateMany(caller, body, 'merge'))
  registerEndpoint(app, getRecipe, async ({ caller, params, reply }) => {
    const { answer, updatedAt } = await recipes.get(caller, params.slug)
    return withLastModified(reply, answer, updatedAt)
  })
  registerEndpoint(app, updateRecipe, async ({ caller, params, body, reply }) => {
    const recipe = await recipes.update(caller, params.slug, body, 'replace')
    return withLastModified(reply, recipe, recipe.updatedAt)
  })
  registerEndpoint(app, patchRecipe, async ({ caller, params, body, reply }) => {
    const recipe = await recipes.update(caller, params.slug, body, 'merge')
    return withLastModified(reply, recipe, recipe.updatedAt)
  })
  registerEndpoint(app, deleteRecipe, ({ caller, params }) => recipes.delete(caller, params.slug))
  registerEndpoint(app, duplicateRecipe, async ({ caller, params, body, reply }) =>
    reply.status(201).send(await recipes.duplicate(caller, params.slug, body.name)),
  )
  registerEndpoint(app, setRecipeLastMade, ({ caller, params, body }) =>
    recipes.setLastMade(caller, params.slug, body.timestamp),
  )
}
