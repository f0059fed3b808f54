import { randomBytes } from 'node:crypto'
import { recipeComments, recipeRatings, recipeShareTokens, recipeTimelineEvents } from '../../src/db/schema/index.js'
import type { TestApp } from '../test-app.js'
import { multipartFile, tinyPng, type EndpointCase } from './endpoint-calls.js'
import type { World, WorldUser } from './world.js'

const unique = () => randomBytes(4).toString('hex')

/**
 * The isolation matrix's calls of ratings and favourites, comments, timeline events, share tokens and household recipe
 * data: every member of the group may call them on the group's recipes (docs/security.md "Recipe edit and delete rules"); targets are rows of the
 * caller's group, their own ratings and comments.
 */
export function recipeActivityCases(testApp: TestApp, world: World): Record<string, EndpointCase> {
  const { make, db } = testApp
  /** A recipe of the caller's group, owned by someone else in the caller's household. */
  const recipeFor = (caller: WorldUser) => make.recipe({ owner: world.householdmateOf(caller) })
  const commentBy = async (caller: WorldUser) => {
    const recipe = await recipeFor(caller)
    const [row] = await db
      .insert(recipeComments)
      .values({ recipeId: recipe.id, userId: caller.id, text: `Said ${unique()}` })
      .returning({ id: recipeComments.id })
    return row!.id
  }
  const timelineEventFor = async (caller: WorldUser) => {
    const recipe = await recipeFor(caller)
    const [row] = await db
      .insert(recipeTimelineEvents)
      .values({ recipeId: recipe.id, userId: caller.id, subject: `Made ${unique()}`, eventType: 'info' })
      .returning({ id: recipeTimelineEvents.id })
    return row!.id
  }
  const shareTokenFor = async (caller: WorldUser) => {
    const recipe = await recipeFor(caller)
    const [row] = await db
      .insert(recipeShareTokens)
      .values({ groupId: caller.groupId, recipeId: recipe.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: recipeShareTokens.id })
    return row!.id
  }

  return {
    'GET /api/users/self/ratings': { rule: 'member', request: () => ({ url: '/api/users/self/ratings' }) },
    'GET /api/users/self/ratings/:recipeId': {
      rule: 'member',
      request: async (caller) => {
        const recipe = await recipeFor(caller)
        await db.insert(recipeRatings).values({ userId: caller.id, recipeId: recipe.id, rating: 4 })
        return { url: `/api/users/self/ratings/${recipe.id}` }
      },
    },
    'GET /api/users/self/favorites': { rule: 'member', request: () => ({ url: '/api/users/self/favorites' }) },
    'GET /api/users/:id/ratings': { rule: 'member', request: (caller) => ({ url: `/api/users/${caller.id}/ratings` }) },
    'GET /api/users/:id/favorites': {
      rule: 'member',
      request: (caller) => ({ url: `/api/users/${caller.id}/favorites` }),
    },
    'POST /api/users/:id/ratings/:slug': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/users/${caller.id}/ratings/${(await recipeFor(caller)).slug}`,
        payload: { rating: 4, isFavorite: true },
      }),
    },
    'POST /api/users/:id/favorites/:slug': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/users/${caller.id}/favorites/${(await recipeFor(caller)).slug}` }),
    },
    'DELETE /api/users/:id/favorites/:slug': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/users/${caller.id}/favorites/${(await recipeFor(caller)).id}` }),
    },

    'GET /api/comments': { rule: 'member', request: () => ({ url: '/api/comments?perPage=-1' }) },
    'POST /api/comments': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/comments',
        payload: { recipeId: (await recipeFor(caller)).id, text: 'Lovely' },
      }),
    },
    'GET /api/comments/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/comments/${await commentBy(caller)}` }),
    },
    'PUT /api/comments/:id': {
      rule: 'member',
      request: async (caller) => {
        const id = await commentBy(caller)
        return { url: `/api/comments/${id}`, payload: { id, text: 'Edited' } }
      },
    },
    'DELETE /api/comments/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/comments/${await commentBy(caller)}` }),
    },
    'GET /api/recipes/:slug/comments': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/${(await recipeFor(caller)).slug}/comments` }),
    },

    'GET /api/recipes/timeline/events': {
      rule: 'member',
      request: () => ({ url: '/api/recipes/timeline/events?perPage=-1' }),
    },
    'POST /api/recipes/timeline/events': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/recipes/timeline/events',
        payload: {
          recipeId: (await recipeFor(caller)).id,
          subject: 'Made it',
          eventType: 'info',
          eventMessage: 'Again',
          timestamp: '2024-05-01T10:00:00Z',
        },
      }),
    },
    'GET /api/recipes/timeline/events/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/timeline/events/${await timelineEventFor(caller)}` }),
    },
    'PUT /api/recipes/timeline/events/:id': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/timeline/events/${await timelineEventFor(caller)}`,
        payload: { subject: 'Made it twice', eventMessage: 'Better' },
      }),
    },
    'DELETE /api/recipes/timeline/events/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/recipes/timeline/events/${await timelineEventFor(caller)}` }),
    },
    'PUT /api/recipes/timeline/events/:id/image': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/recipes/timeline/events/${await timelineEventFor(caller)}/image`,
        ...multipartFile('image', 'a.png', await tinyPng()),
      }),
    },

    'GET /api/shared/recipes': { rule: 'member', request: () => ({ url: '/api/shared/recipes' }) },
    'POST /api/shared/recipes': {
      rule: 'member',
      request: async (caller) => ({
        url: '/api/shared/recipes',
        payload: { recipeId: (await recipeFor(caller)).id, expiresAt: '2030-01-01T00:00:00Z' },
      }),
    },
    'GET /api/shared/recipes/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/shared/recipes/${await shareTokenFor(caller)}` }),
    },
    'DELETE /api/shared/recipes/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/shared/recipes/${await shareTokenFor(caller)}` }),
    },
    'GET /api/recipes/shared/:token': {
      rule: 'anyone',
      request: async (caller) => ({ url: `/api/recipes/shared/${await shareTokenFor(caller)}` }),
    },
    'GET /api/households/self/recipes/:slug': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/households/self/recipes/${(await recipeFor(caller)).slug}` }),
    },
  }
}
