import { randomBytes } from 'node:crypto'
import { categories, foods, labels, tags, tools, units } from '../../src/db/schema/index.js'
import { slugify } from '../../src/lib/slugs.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { World, WorldUser } from './world.js'

const unique = () => randomBytes(4).toString('hex')

/**
 * The isolation matrix's calls of the organizers (categories, tags, tools) and of foods, units, labels and seeders:
 * reading is for every member, writing needs canOrganize (reference §5.1). Targets are rows of the caller's group.
 */
export function recipeLibraryCases(testApp: TestApp, world: World): Record<string, EndpointCase> {
  const { db } = testApp
  const householdOf = (caller: WorldUser) =>
    world.groups.flatMap((group) => group.households).find((household) => household.id === caller.householdId)!

  const organizerTables = { categories, tags, tools } as const
  const organizerOf = async (kind: keyof typeof organizerTables, caller: WorldUser) => {
    const name = `${kind} ${unique()}`
    const table = organizerTables[kind] as typeof categories
    const [row] = await db
      .insert(table)
      .values({ groupId: caller.groupId, name, slug: slugify(name) })
      .returning()
    return row!
  }
  const foodOf = async (caller: WorldUser) => {
    const [row] = await db
      .insert(foods)
      .values({ groupId: caller.groupId, name: `food ${unique()}` })
      .returning()
    return row!
  }
  const unitOf = async (caller: WorldUser) => {
    const [row] = await db
      .insert(units)
      .values({ groupId: caller.groupId, name: `unit ${unique()}` })
      .returning()
    return row!
  }
  const labelOf = async (caller: WorldUser) => {
    const [row] = await db
      .insert(labels)
      .values({ groupId: caller.groupId, name: `label ${unique()}` })
      .returning()
    return row!
  }

  const cases: Record<string, EndpointCase> = {}
  for (const kind of ['categories', 'tags', 'tools'] as const) {
    const path = `/api/organizers/${kind}`
    const body = (caller: WorldUser) =>
      kind === 'tools'
        ? { name: `${kind} ${unique()}`, onHand: true, householdsWithTool: [householdOf(caller).slug] }
        : { name: `${kind} ${unique()}` }
    Object.assign(cases, {
      [`GET ${path}`]: { rule: 'member', request: () => ({ url: `${path}?perPage=-1` }) },
      [`POST ${path}`]: { rule: 'canOrganize', request: (caller) => ({ url: path, payload: body(caller) }) },
      [`GET ${path}/empty`]: { rule: 'member', request: () => ({ url: `${path}/empty` }) },
      [`GET ${path}/:id`]: {
        rule: 'member',
        request: async (caller) => ({ url: `${path}/${(await organizerOf(kind, caller)).id}` }),
      },
      [`GET ${path}/slug/:slug`]: {
        rule: 'member',
        request: async (caller) => ({ url: `${path}/slug/${(await organizerOf(kind, caller)).slug}` }),
      },
      [`PUT ${path}/:id`]: {
        rule: 'canOrganize',
        request: async (caller) => ({ url: `${path}/${(await organizerOf(kind, caller)).id}`, payload: body(caller) }),
      },
      [`DELETE ${path}/:id`]: {
        rule: 'canOrganize',
        request: async (caller) => ({ url: `${path}/${(await organizerOf(kind, caller)).id}` }),
      },
    } satisfies Record<string, EndpointCase>)
  }

  const foodBody = (caller: WorldUser) => ({
    name: `food ${unique()}`,
    pluralName: 'plural',
    description: 'described',
    extras: { source: 'matrix' },
    householdsWithIngredientFood: [householdOf(caller).slug],
    aliases: [{ name: 'alias' }],
  })
  const unitBody = () => ({
    name: `unit ${unique()}`,
    pluralName: 'plural',
    abbreviation: 'u',
    pluralAbbreviation: 'us',
    useAbbreviation: true,
    fraction: false,
    aliases: [{ name: 'alias' }],
  })

  return {
    ...cases,
    'GET /api/foods': { rule: 'member', request: () => ({ url: '/api/foods?perPage=-1' }) },
    'POST /api/foods': {
      rule: 'canOrganize',
      request: async (caller) => ({
        url: '/api/foods',
        payload: { ...foodBody(caller), labelId: (await labelOf(caller)).id },
      }),
    },
    'PUT /api/foods/merge': {
      rule: 'canOrganize',
      request: async (caller) => ({
        url: '/api/foods/merge',
        payload: { fromFood: (await foodOf(caller)).id, toFood: (await foodOf(caller)).id },
      }),
    },
    'GET /api/foods/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/foods/${(await foodOf(caller)).id}` }),
    },
    'PUT /api/foods/:id': {
      rule: 'canOrganize',
      request: async (caller) => ({ url: `/api/foods/${(await foodOf(caller)).id}`, payload: foodBody(caller) }),
    },
    'DELETE /api/foods/:id': {
      rule: 'canOrganize',
      request: async (caller) => ({ url: `/api/foods/${(await foodOf(caller)).id}` }),
    },

    'GET /api/units': { rule: 'member', request: () => ({ url: '/api/units?perPage=-1' }) },
    'POST /api/units': { rule: 'canOrganize', request: () => ({ url: '/api/units', payload: unitBody() }) },
    'PUT /api/units/merge': {
      rule: 'canOrganize',
      request: async (caller) => ({
        url: '/api/units/merge',
        payload: { fromUnit: (await unitOf(caller)).id, toUnit: (await unitOf(caller)).id },
      }),
    },
    'GET /api/units/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/units/${(await unitOf(caller)).id}` }),
    },
    'PUT /api/units/:id': {
      rule: 'canOrganize',
      request: async (caller) => ({ url: `/api/units/${(await unitOf(caller)).id}`, payload: unitBody() }),
    },
    'DELETE /api/units/:id': {
      rule: 'canOrganize',
      request: async (caller) => ({ url: `/api/units/${(await unitOf(caller)).id}` }),
    },

    'GET /api/groups/labels': { rule: 'member', request: () => ({ url: '/api/groups/labels?perPage=-1' }) },
    'POST /api/groups/labels': {
      rule: 'canOrganize',
      request: () => ({ url: '/api/groups/labels', payload: { name: `label ${unique()}`, color: '#123456' } }),
    },
    'GET /api/groups/labels/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/groups/labels/${(await labelOf(caller)).id}` }),
    },
    'PUT /api/groups/labels/:id': {
      rule: 'canOrganize',
      request: async (caller) => {
        const label = await labelOf(caller)
        return {
          url: `/api/groups/labels/${label.id}`,
          payload: { id: label.id, groupId: caller.groupId, name: `label ${unique()}`, color: '#654321' },
        }
      },
    },
    'DELETE /api/groups/labels/:id': {
      rule: 'canOrganize',
      request: async (caller) => ({ url: `/api/groups/labels/${(await labelOf(caller)).id}` }),
    },

    'POST /api/groups/seeders/foods': {
      rule: 'canOrganize',
      request: () => ({ url: '/api/groups/seeders/foods', payload: { locale: 'en-US' } }),
    },
    'POST /api/groups/seeders/units': {
      rule: 'canOrganize',
      request: () => ({ url: '/api/groups/seeders/units', payload: { locale: 'en-US' } }),
    },
    'POST /api/groups/seeders/labels': {
      rule: 'canOrganize',
      request: () => ({ url: '/api/groups/seeders/labels', payload: { locale: 'en-US' } }),
    },
  }
}
