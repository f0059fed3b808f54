import { randomBytes } from 'node:crypto'
import { categories, cookbooks, foods, labels, tags, tools, units } from '../../src/db/schema/index.js'
import { slugify } from '../../src/lib/slugs.js'
import type { TestApp } from '../test-app.js'
import type { EndpointCase } from './endpoint-calls.js'
import type { World, WorldUser } from './world.js'

const unique = () => randomBytes(4).toString('hex')

/**
 * The isolation matrix's calls of the organizers (categories, tags, tools) and of foods, units, labels and seeders:
 * reading is for every member, writing needs canOrganize (docs/security.md "Access flags and guards"). Targets are rows of the caller's group.
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
  // Numbered, not random: a shopping list orders its labels by name, and the casing sweep's two sides (each with its
  // own calls) must order them alike.
  let labelNumber = 0
  const labelName = () => `label ${(labelNumber += 1)}`
  const labelOf = async (caller: WorldUser) => {
    const [row] = await db.insert(labels).values({ groupId: caller.groupId, name: labelName() }).returning()
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

  const cookbookOf = async (caller: WorldUser) => {
    const name = `cookbook ${unique()}`
    const [row] = await db
      .insert(cookbooks)
      .values({ groupId: caller.groupId, householdId: caller.householdId, name, slug: slugify(name) })
      .returning()
    return row!
  }
  const cookbookBody = () => ({ name: `cookbook ${unique()}`, public: true, queryFilterString: 'tags.name IN [x]' })

  return {
    ...cases,
    ...exploreCases(testApp),
    'GET /api/households/cookbooks': {
      rule: 'member',
      request: () => ({ url: '/api/households/cookbooks?perPage=-1' }),
    },
    'POST /api/households/cookbooks': {
      rule: 'member',
      request: () => ({ url: '/api/households/cookbooks', payload: cookbookBody() }),
    },
    'PUT /api/households/cookbooks': {
      rule: 'member',
      request: async (caller) => {
        const book = await cookbookOf(caller)
        return { url: '/api/households/cookbooks', payload: [{ ...cookbookBody(), id: book.id, position: 3 }] }
      },
    },
    'GET /api/households/cookbooks/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/households/cookbooks/${(await cookbookOf(caller)).slug}` }),
    },
    'PUT /api/households/cookbooks/:id': {
      rule: 'member',
      request: async (caller) => ({
        url: `/api/households/cookbooks/${(await cookbookOf(caller)).id}`,
        payload: cookbookBody(),
      }),
    },
    'DELETE /api/households/cookbooks/:id': {
      rule: 'member',
      request: async (caller) => ({ url: `/api/households/cookbooks/${(await cookbookOf(caller)).id}` }),
    },
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
      request: () => ({ url: '/api/groups/labels', payload: { name: labelName(), color: '#123456' } }),
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
          payload: { id: label.id, groupId: caller.groupId, name: labelName(), color: '#654321' },
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

/**
 * The explore routes are public: every caller, signed in or not, reads the same public group, made once for the
 * matrix outside its world (whose groups are private), with one open household, a public recipe and cookbook. No
 * answer may carry a row of the world's groups.
 */
function exploreCases(testApp: TestApp): Record<string, EndpointCase> {
  const { make, db } = testApp
  let made:
    | Promise<{
        slug: string
        householdSlug: string
        recipeSlug: string
        cookbookSlug: string
        ids: Record<string, string>
      }>
    | undefined
  const explored = () =>
    (made ??= (async () => {
      const group = await make.group({ privateGroup: false })
      const household = await make.household({ groupId: group.id, privateHousehold: false })
      const owner = await make.user({ householdId: household.id })
      const recipe = await make.recipe({ owner, settingsPublic: true })
      const name = `public cookbook ${unique()}`
      await db
        .insert(cookbooks)
        .values({ groupId: group.id, householdId: household.id, name, slug: slugify(name), public: true })
      const [category] = await db.insert(categories).values({ groupId: group.id, name: 'c', slug: 'c' }).returning()
      const [tag] = await db.insert(tags).values({ groupId: group.id, name: 't', slug: 't' }).returning()
      const [tool] = await db.insert(tools).values({ groupId: group.id, name: 'o', slug: 'o' }).returning()
      const [food] = await db.insert(foods).values({ groupId: group.id, name: 'f' }).returning()
      return {
        slug: group.slug,
        householdSlug: household.slug,
        recipeSlug: recipe.slug,
        cookbookSlug: slugify(name),
        ids: { categories: category!.id, tags: tag!.id, tools: tool!.id, foods: food!.id },
      }
    })())
  const root = '/api/explore/groups/:groupSlug'
  const at = (path: (target: Awaited<ReturnType<typeof explored>>) => string): EndpointCase => ({
    rule: 'anyone',
    request: async () => {
      const target = await explored()
      return { url: `/api/explore/groups/${target.slug}${path(target)}` }
    },
  })
  const cases: Record<string, EndpointCase> = {
    [`GET ${root}/foods`]: at(() => '/foods'),
    [`GET ${root}/foods/:id`]: at((target) => `/foods/${target.ids.foods}`),
    [`GET ${root}/households`]: at(() => '/households'),
    [`GET ${root}/households/:householdSlug`]: at((target) => `/households/${target.householdSlug}`),
    [`GET ${root}/cookbooks`]: at(() => '/cookbooks'),
    [`GET ${root}/cookbooks/:id`]: at((target) => `/cookbooks/${target.cookbookSlug}`),
    [`GET ${root}/recipes`]: at((target) => `/recipes?cookbook=${target.cookbookSlug}`),
    [`GET ${root}/recipes/:slug`]: at((target) => `/recipes/${target.recipeSlug}`),
  }
  for (const kind of ['categories', 'tags', 'tools'] as const) {
    cases[`GET ${root}/organizers/${kind}`] = at(() => `/organizers/${kind}`)
    cases[`GET ${root}/organizers/${kind}/:id`] = at((target) => `/organizers/${kind}/${target.ids[kind]}`)
  }
  return cases
}
