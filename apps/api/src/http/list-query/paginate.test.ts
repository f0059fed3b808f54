import { PaginationQuery } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createFactories } from '../../../test/factories.js'
import { createTestDatabase } from '../../../test/test-database.js'
import type { Executor } from '../../db/client.js'
import { users } from '../../db/schema/index.js'
import { ValidationFailure } from '../errors.js'
import { paginate, type ListQuery } from './paginate.js'
import { attributeKindsListSpec, loadUsers } from './attribute-kinds.test-spec.js'

const { db } = await createTestDatabase()
const make = createFactories(db)

/** Runs the list as an endpoint would: the query parsed by the shared contract schema, scoped to one group. */
function listUsers(
  groupId: string,
  query: Record<string, unknown> & { search?: string } = {},
  executor: Executor = db,
) {
  const parsed: ListQuery = { ...query, ...PaginationQuery.parse(query) }
  return paginate(executor, attributeKindsListSpec, parsed, {
    scope: eq(users.groupId, groupId),
    path: '/users',
    select: loadUsers(executor),
  })
}

const names = (page: { items: Array<{ username: string | null }> }) => page.items.map((item) => item.username)

/** Five users a–e created a minute apart, so created_at order is known. */
async function groupOfFive() {
  const household = await make.household()
  const made = []
  for (const [index, letter] of ['a', 'b', 'c', 'd', 'e'].entries()) {
    const user = await make.user({ householdId: household.id, username: `${letter}-${household.id.slice(0, 6)}` })
    await db
      .update(users)
      .set({ createdAt: new Date(Date.UTC(2024, 0, 1, 0, index)) })
      .where(eq(users.id, user.id))
    made.push(user)
  }
  return { groupId: household.groupId, household, usernames: made.map((user) => user.username) }
}

let five: Awaited<ReturnType<typeof groupOfFive>>
beforeAll(async () => {
  five = await groupOfFive()
})

describe('pagination envelope', () => {
  it('answers the first page with counts and a next link carrying the camelCase query', async () => {
    const page = await listUsers(five.groupId, { perPage: '2', orderBy: 'created_at', orderDirection: 'asc' })
    expect(page).toMatchObject({ page: 1, per_page: 2, total: 5, total_pages: 3, previous: null })
    expect(names(page)).toEqual(five.usernames.slice(0, 2))
    expect(page.next).toBe('/users?page=2&perPage=2&orderBy=created_at&orderDirection=asc')
  })

  it('links both ways from a middle page and carries the search', async () => {
    const page = await listUsers(five.groupId, { page: '2', perPage: '2', orderDirection: 'asc', search: 'USER' })
    expect(page.previous).toBe('/users?page=1&perPage=2&orderDirection=asc&search=USER')
    expect(page.next).toBe('/users?page=3&perPage=2&orderDirection=asc&search=USER')
  })

  it('answers page -1 with the last page', async () => {
    const page = await listUsers(five.groupId, { page: '-1', perPage: '2', orderDirection: 'asc' })
    expect(page).toMatchObject({ page: 3, total: 5, total_pages: 3, next: null })
    expect(names(page)).toEqual([five.usernames[4]])
    expect(page.previous).toContain('page=2')
  })

  it('treats pages below 1 as page 1', async () => {
    const page = await listUsers(five.groupId, { page: '0', perPage: '2', orderDirection: 'asc' })
    expect(page.page).toBe(1)
    expect(names(page)).toEqual(five.usernames.slice(0, 2))
  })

  it('answers perPage -1 with everything on one page and per_page equal to the total', async () => {
    const page = await listUsers(five.groupId, { perPage: '-1' })
    expect(page).toMatchObject({ page: 1, per_page: 5, total: 5, total_pages: 1, next: null, previous: null })
    expect(page.items).toHaveLength(5)
  })

  it('answers a page beyond the end with no items and the counts intact', async () => {
    const page = await listUsers(five.groupId, { page: '9', perPage: '2' })
    expect(page).toMatchObject({ page: 9, per_page: 2, total: 5, total_pages: 3, items: [], next: null })
    expect(page.previous).toContain('page=8')
    const huge = await listUsers(five.groupId, { page: String(Number.MAX_SAFE_INTEGER), perPage: '1000' })
    expect(huge).toMatchObject({ total: 5, items: [] })
  })

  it('answers the same pages inside a transaction, where the page and the count run one after the other', async () => {
    const queries: Array<Record<string, unknown>> = [
      { perPage: '2' },
      { page: '2', perPage: '2', orderDirection: 'asc' },
      { page: '3', perPage: '2' },
      { page: '9', perPage: '2' },
      { page: '-1', perPage: '2' },
      { perPage: '-1' },
      { page: '2', perPage: '-1' },
      { perPage: '5' },
      { queryFilter: 'username = nobody' },
    ]
    for (const query of queries) {
      const onPool = await listUsers(five.groupId, query)
      const inTransaction = await db.transaction((tx) => listUsers(five.groupId, query, tx))
      expect(inTransaction, JSON.stringify(query)).toEqual(onPool)
    }
    const beyond = await listUsers(five.groupId, { page: '2', perPage: '-1' })
    expect(beyond).toMatchObject({ page: 2, per_page: 5, total: 5, total_pages: 1, items: [], next: null })
  })

  it('answers an empty list with zero counts', async () => {
    const page = await listUsers(five.groupId, { queryFilter: 'username = nobody', perPage: '-1' })
    expect(page).toEqual({ page: 1, per_page: 0, total: 0, total_pages: 0, items: [], next: null, previous: null })
    const paged = await listUsers(five.groupId, { queryFilter: 'username = nobody', page: '-1' })
    expect(paged).toMatchObject({ page: 1, per_page: 50, total: 0, total_pages: 0, items: [] })
  })
})

describe('ordering', () => {
  it('orders by created_at descending by default', async () => {
    expect(names(await listUsers(five.groupId))).toEqual([...five.usernames].reverse())
  })

  it('orders text case-insensitively', async () => {
    const household = await make.household()
    for (const username of ['banana', 'Apple', 'cherry']) await make.user({ householdId: household.id, username })
    const page = await listUsers(household.groupId, { orderBy: 'username', orderDirection: 'asc' })
    expect(names(page)).toEqual(['Apple', 'banana', 'cherry'])
  })

  it('orders by several keys, each with its own direction, and by dotted relation paths', async () => {
    const group = await make.group()
    const first = await make.household({ groupId: group.id, name: 'Alpha' })
    const second = await make.household({ groupId: group.id, name: 'beta' })
    for (const [household, username] of [
      [second, 'x1'],
      [first, 'x2'],
      [second, 'x3'],
      [first, 'x4'],
    ] as const) {
      await make.user({ householdId: household.id, username })
    }
    const page = await listUsers(group.id, { orderBy: 'household.name:desc, username:asc' })
    expect(names(page)).toEqual(['x1', 'x3', 'x2', 'x4'])
    const camel = await listUsers(group.id, { orderBy: 'household.name, fullName', orderDirection: 'asc' })
    expect(names(camel).slice(0, 2).sort()).toEqual(['x2', 'x4'])
  })

  it('places nulls first or last when asked', async () => {
    const household = await make.household()
    const locked = await make.user({ householdId: household.id, username: 'locked' })
    await make.user({ householdId: household.id, username: 'open' })
    await db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id))
    const first = await listUsers(household.groupId, { orderBy: 'locked_at', orderByNullPosition: 'first' })
    expect(names(first)).toEqual(['open', 'locked'])
    const last = await listUsers(household.groupId, { orderBy: 'locked_at', orderByNullPosition: 'last' })
    expect(names(last)).toEqual(['locked', 'open'])
  })

  it('orders by a to-many path without repeating a parent', async () => {
    const household = await make.household()
    const many = await make.user({ householdId: household.id, username: 'many' })
    const one = await make.user({ householdId: household.id, username: 'one' })
    await addTokens(many.id, ['b-token', 'z-token'])
    await addTokens(one.id, ['m-token'])
    const ascending = await listUsers(household.groupId, { orderBy: 'tokens.name:asc' })
    expect(names(ascending)).toEqual(['many', 'one'])
    expect(ascending.total).toBe(2)
    const descending = await listUsers(household.groupId, { orderBy: 'tokens.name:desc' })
    expect(names(descending)).toEqual(['many', 'one'])
  })

  it('shuffles by seed: the same seed gives the same order on every page, another seed another order', async () => {
    const household = await make.household()
    for (let index = 0; index < 12; index += 1) await make.user({ householdId: household.id })
    const whole = async (seed: string) => {
      const pages = []
      for (let page = 1; page <= 4; page += 1) {
        const answer = await listUsers(household.groupId, {
          orderBy: 'random',
          paginationSeed: seed,
          perPage: '3',
          page,
        })
        pages.push(...names(answer))
      }
      return pages
    }
    const once = await whole('seed-1')
    expect(await whole('seed-1')).toEqual(once)
    expect(new Set(once).size).toBe(12)
    expect(await whole('seed-2')).not.toEqual(once)
  })

  it('answers orderBy=random without a seed with 422', async () => {
    await expect(listUsers(five.groupId, { orderBy: 'random' })).rejects.toBeInstanceOf(ValidationFailure)
  })

  it.each([
    ['nope', 'nope'],
    ['username, nope:asc', 'nope:asc'],
    ['username:sideways', 'username:sideways'],
    ['group.nope', 'group.nope'],
    ['username,random', 'random'],
    ['constructor', 'constructor'],
  ])('refuses orderBy=%s with 400 naming the item', async (orderBy, item) => {
    await expect(listUsers(five.groupId, { orderBy })).rejects.toMatchObject({
      statusCode: 400,
      message: `Invalid order_by statement "${orderBy}": "${item}" is invalid`,
    })
  })
})

describe('search', () => {
  it('matches any word as an accent- and case-insensitive substring of any searched column', async () => {
    const household = await make.household()
    await make.user({ householdId: household.id, username: 'creme', fullName: 'Crème Brûlée' })
    await make.user({ householdId: household.id, username: 'soup', fullName: 'Onion Soup' })
    await make.user({ householdId: household.id, username: 'other', fullName: 'Nothing' })
    expect(names(await listUsers(household.groupId, { search: 'BRULEE' }))).toEqual(['creme'])
    expect((await listUsers(household.groupId, { search: 'brulee, onion' })).total).toBe(2)
    expect((await listUsers(household.groupId, { search: '"onion soup"' })).total).toBe(1)
    expect((await listUsers(household.groupId, { search: '"soup onion"' })).total).toBe(0)
  })

  it('takes % and _ literally and ranks a full name match first', async () => {
    const household = await make.household()
    await make.user({ householdId: household.id, username: 'pie-lover', fullName: 'Pie' })
    await make.user({ householdId: household.id, username: 'warm apple pie', fullName: 'Tart' })
    await make.user({ householdId: household.id, username: 'fruit', fullName: 'Apple' })
    expect((await listUsers(household.groupId, { search: '"%"' })).total).toBe(0)
    expect((await listUsers(household.groupId, { search: '"e_l"' })).total).toBe(0)
    const page = await listUsers(household.groupId, { search: 'apple pie', orderBy: 'username', orderDirection: 'asc' })
    expect(names(page)).toEqual(['warm apple pie', 'fruit', 'pie-lover'])
  })
})

describe('tenancy scope', () => {
  it('keeps every filter inside the scope', async () => {
    const other = await groupOfFive()
    const escape = await listUsers(five.groupId, {
      queryFilter: `group_id = "${other.groupId}" OR group_id IS NOT NULL`,
    })
    expect(escape.total).toBe(5)
    expect(names(escape).sort()).toEqual([...five.usernames].sort())
    const only = await listUsers(five.groupId, { queryFilter: `group_id = "${other.groupId}"` })
    expect(only.total).toBe(0)
    expect((await listUsers(other.groupId, { search: `"${other.usernames[0]!}"` })).total).toBe(1)
    const searched = await listUsers(five.groupId, { search: `"${other.usernames[0]!}"` })
    expect(searched.total).toBe(0)
  })
})

async function addTokens(userId: string, tokenNames: string[]) {
  const { apiTokens } = await import('../../db/schema/index.js')
  for (const name of tokenNames) {
    await db.insert(apiTokens).values({ userId, name, tokenHash: `${userId}-${name}` })
  }
}
